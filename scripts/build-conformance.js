// Bundle the conformance kit's CLI into dist/bin/checkout-conformance.js, the package's `checkout-conformance` bin.
// Usage: node scripts/build-conformance.js [--outfile <path>] [--quiet]
import { bundleBin } from './bundle-bin.js';

await bundleBin({ part: 'conformance', binName: 'checkout-conformance' });
