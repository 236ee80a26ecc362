// The contract's timestamp shapes, from a time in microseconds since the epoch: createdAt/updatedAt in seconds with
// a fraction ("1795253400.512345"), expiresAt in whole milliseconds ("1795339800512"), the callback event's
// `timestamp` in RFC 3339.

export function formatUnixSeconds(micros: number): string {
  const seconds = Math.floor(micros / 1_000_000);
  const fraction = String(micros % 1_000_000).padStart(6, '0');
  return `${seconds}.${fraction}`;
}

/** The microseconds of a formatUnixSeconds text. */
export function parseUnixSeconds(text: string): number {
  const [seconds = '0', fraction = ''] = text.split('.');
  return Number(seconds) * 1_000_000 + Number(fraction.padEnd(6, '0').slice(0, 6));
}

export function toMillis(micros: number): number {
  return Math.floor(micros / 1000);
}

/** RFC 3339 in UTC with milliseconds, as `webhook` payloads and delivery logs carry it. */
export function formatRfc3339(millis: number): string {
  return new Date(millis).toISOString();
}
