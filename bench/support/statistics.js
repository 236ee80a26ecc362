// Order statistics for benchmark samples (the median of interleaved rounds, a high percentile of start-up times),
// and the rounding of the figures the results files hold.

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
 * A figure rounded to three decimals, as the results files hold ratios and megabytes.
 * @param {number} value
 * @returns {number}
 */
export function round3(value) {
  return Math.round(value * 1000) / 1000;
}
