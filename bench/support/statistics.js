// Order statistics for benchmark samples: the median of interleaved rounds, and a high percentile of start-up times.

/**
 * The value below which `share` (0–1) of `values` fall, by the nearest-rank method.
 * @param {number[]} values
 * @param {number} share
 * @returns {number}
 */
export function percentile(values, share) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))];
}

/**
 * The middle value; for an even count, the mean of the two middle ones.
 * @param {number[]} values
 * @returns {number}
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The middle value; for an even count, the upper of the two middle ones (a value that was measured, not a mean).
 * The conformance bench has always reported this; it equals `median` for an odd count, such as its 5 rounds.
 * @param {number[]} values
 * @returns {number}
 */
export function upperMedian(values) {
  return [...values].sort((a, b) => a - b)[values.length >> 1];
}
