// Bundle the sandbox CLI into dist/bin/checkout-sandbox.js, the package's `checkout-sandbox` bin.
// Usage: node scripts/build-sandbox.js [--outfile <path>] [--quiet]
import { bundleBin } from './bundle-bin.js';

await bundleBin({ part: 'sandbox', binName: 'checkout-sandbox' });
