// The depth cut that keeps Prism's recursive logger away from deep input (src/mock/cut-deep-values.ts).
import { describe, expect, it } from 'vitest';
import { cutDeeperThan, MAX_FORWARDED_DEPTH } from '../../src/mock/cut-deep-values.js';

describe('cutDeeperThan', () => {
  it('returns a value within the depth itself, untouched', () => {
    const value = { a: [1, { b: 'x' }], c: null };
    expect(cutDeeperThan(value, 3)).toBe(value);
  });

  it('empties what lies deeper, keeping every key (__proto__ included) and the order', () => {
    const value = JSON.parse('{"a":[[[1]]],"__proto__":{"b":{"c":{}}},"z":1}');
    const cut = cutDeeperThan(value, 2);
    expect(JSON.stringify(cut)).toBe('{"a":[[]],"__proto__":{"b":{}},"z":1}');
    expect(Object.getPrototypeOf(cut)).toBe(Object.prototype);
  });

  it('walks 500,000 levels without recursion, leaving what JSON.stringify can write', () => {
    const depth = 500_000;
    const value = JSON.parse(`{"f":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    // The precondition: this depth overflows the stack of a recursive walk. (JSON.stringify itself no longer does so
    // from V8 14.6 on, Node 26, so a plain recursive walk stands for every recursive consumer of the value.)
    const walkRecursively = (node: unknown): number => (Array.isArray(node) ? 1 + walkRecursively(node[0]) : 0);
    expect(() => walkRecursively(value.f)).toThrow(RangeError);
    const text = JSON.stringify(cutDeeperThan(value, MAX_FORWARDED_DEPTH));
    expect(text).toBe(`{"f":${'['.repeat(MAX_FORWARDED_DEPTH)}${']'.repeat(MAX_FORWARDED_DEPTH)}}`);
  });
});
