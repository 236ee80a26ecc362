// autocannon (the load generator of the mock and sandbox benches) with types for the part of its API they use. The
// package ships no declarations, so `import autocannon from 'autocannon'` would be an untyped module that the check
// rejects; require() hands back the same function, which the cast below describes.
import { createRequire } from 'node:module';

/**
 * What a bench asks for: a fixed request, sent for `duration` seconds or `amount` times.
 * @typedef {{
 *   url: string,
 *   method: string,
 *   headers: Record<string, string>,
 *   body: string,
 *   connections: number,
 *   duration?: number,
 *   amount?: number,
 * }} LoadOptions
 */

/**
 * The figures the benches read from a finished run (latencies in ms).
 * @typedef {{
 *   requests: { average: number, total: number },
 *   latency: { p50: number, p99: number },
 *   errors: number,
 *   timeouts: number,
 *   non2xx: number,
 * }} LoadResult
 */

/**
 * A run under way: its events ('response', 'reqError'), and a promise of its result when no callback was given.
 * @typedef {import('node:events').EventEmitter & PromiseLike<LoadResult>} LoadRun
 */

/** @type {(options: LoadOptions, done?: (error: Error | null, result: LoadResult) => void) => LoadRun} */
export const autocannon = createRequire(import.meta.url)('autocannon');
