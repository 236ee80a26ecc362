#!/usr/bin/env node
// Entry of `npm start`, `npm run mock` and `npm run proxy` in this repository: rebuild the `checkout-mock` bin when
// src/ is newer than it, then run it in this same process (an import, not a child), so that a signal to this
// process reaches the mock itself. The mock lives in src/mock/; installed, the package runs the bin directly.
import { buildMock } from './build-mock.js';

await buildMock({ ifStale: true, quiet: true });
await import('../dist/bin/checkout-mock.js');
