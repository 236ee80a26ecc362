// When `npm start` rebuilds the bundle: only when the source contract is newer than it, or it is missing.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBundleStale } from '../../src/mock/bundle.js';

let dir: string;
let sourceDir: string;
let bundleFiles: string[];

function touch(path: string, secondsAgo: number) {
  writeFileSync(path, 'x');
  const time = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path, time, time);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mock-bundle-'));
  sourceDir = join(dir, 'openapi');
  mkdirSync(join(sourceDir, 'components', 'schemas'), { recursive: true });
  touch(join(sourceDir, 'openapi.yaml'), 100);
  touch(join(sourceDir, 'components', 'schemas', 'Checkout.yaml'), 100);
  bundleFiles = [join(dir, 'openapi.yaml'), join(dir, 'openapi.json')];
  for (const file of bundleFiles) touch(file, 50);
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('isBundleStale', () => {
  it('is false when every bundle file is newer than every source file', () => {
    expect(isBundleStale({ sourceDir, bundleFiles })).toBe(false);
  });

  it('is true when a file deep in the source was edited after the bundle', () => {
    touch(join(sourceDir, 'components', 'schemas', 'Checkout.yaml'), 10);
    expect(isBundleStale({ sourceDir, bundleFiles })).toBe(true);
  });

  it('is true when one bundle file is older than the source', () => {
    touch(bundleFiles[1], 200);
    expect(isBundleStale({ sourceDir, bundleFiles })).toBe(true);
  });

  it('is true when a bundle file is missing', () => {
    rmSync(bundleFiles[0]);
    expect(isBundleStale({ sourceDir, bundleFiles })).toBe(true);
  });
});
