import { describe, expect, it } from 'vitest';
import { oncePer } from '../../src/contract/once-per.js';

describe('oncePer', () => {
  it('makes one value per key, and the same value for the same key after', () => {
    const calls: object[] = [];
    const read = oncePer((key: { name: string }) => {
      calls.push(key);
      return { made: key.name };
    });
    const a = { name: 'a' };
    const b = { name: 'b' };
    const first = read(a);
    expect(read(a)).toBe(first);
    expect(read(b)).toEqual({ made: 'b' });
    expect(read(b)).not.toBe(first);
    expect(calls).toEqual([a, b]);
  });
});
