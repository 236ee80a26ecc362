// Time in whole microseconds since the Unix epoch, and the contract's two timestamp shapes: createdAt/updatedAt in
// seconds with a fraction ("1795253400.512345"), expiresAt in whole milliseconds ("1795339800512").
export interface Clock {
  nowMicros(): number;
}

// timeOrigin + now() has sub-millisecond resolution and never steps back with the wall clock.
export const systemClock: Clock = {
  nowMicros: () => Math.floor((performance.timeOrigin + performance.now()) * 1000),
};

export function formatUnixSeconds(micros: number): string {
  const seconds = Math.floor(micros / 1_000_000);
  const fraction = String(micros % 1_000_000).padStart(6, '0');
  return `${seconds}.${fraction}`;
}

export function toMillis(micros: number): number {
  return Math.floor(micros / 1000);
}
