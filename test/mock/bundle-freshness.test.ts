// When `npm start` rebuilds the bundle and the mock's bin: only when the content of their inputs changed, never
// because of file times, which a clone sets arbitrarily (issue 30: a first start spent 11 s rebuilding for nothing).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUNDLE_INPUTS, digestInputs, recordDigest } from '../../scripts/content-digest.js';
import { isBundleStale } from '../../src/mock/bundle.js';
import { buildMockIfStale } from '../support/built-bins.js';

let root: string;
let bundle: { yaml: string; json: string; digest: string };
const deepSource = () => join(root, 'openapi', 'components', 'schemas', 'Checkout.yaml');

// Times a clone may give: anywhere from 1990 to 2100, in no relation to which file was written first.
function setArbitraryTimes(path: string, seed: number) {
  const seconds = 631_152_000 + ((seed * 2_654_435_761) % 3_500_000_000);
  utimesSync(path, seconds, seconds);
}

function listAll(dir: string): string[] {
  return execFileSync('find', [dir, '-type', 'f'], { encoding: 'utf8' }).trim().split('\n');
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'mock-bundle-'));
  mkdirSync(join(root, 'openapi', 'components', 'schemas'), { recursive: true });
  mkdirSync(join(root, 'scripts'));
  mkdirSync(join(root, 'generated'));
  writeFileSync(join(root, 'openapi', 'openapi.yaml'), 'openapi: 3.1.0\n');
  writeFileSync(deepSource(), 'type: object\n');
  writeFileSync(join(root, 'redocly.yaml'), 'extends: [recommended]\n');
  writeFileSync(join(root, 'scripts', 'build-bundle.js'), '// the step\n');
  bundle = {
    yaml: join(root, 'generated', 'openapi.yaml'),
    json: join(root, 'generated', 'openapi.json'),
    digest: join(root, 'generated', 'openapi.inputs.sha256'),
  };
  writeFileSync(bundle.yaml, 'bundled\n');
  writeFileSync(bundle.json, '{}\n');
  recordDigest(bundle.digest, digestInputs(root, BUNDLE_INPUTS));
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('isBundleStale', () => {
  it('is false after a build, whatever times the files are given afterwards (a clone)', () => {
    listAll(root).forEach((file, index) => {
      setArbitraryTimes(file, index + 1);
    });
    // The source now looks newer than the bundle by its times, which is what made the first start rebuild.
    setArbitraryTimes(bundle.json, 0);
    utimesSync(deepSource(), new Date(), new Date());
    expect(statSync(deepSource()).mtimeMs).toBeGreaterThan(statSync(bundle.json).mtimeMs);
    expect(isBundleStale({ root, bundle })).toBe(false);
  });

  it('is false when only line endings became CRLF (a Windows checkout)', () => {
    writeFileSync(deepSource(), 'type: object\r\n');
    expect(isBundleStale({ root, bundle })).toBe(false);
  });

  it('is true when one byte of a file deep in the source changed, even with the old time kept', () => {
    const { atime, mtime } = statSync(deepSource());
    writeFileSync(deepSource(), 'type: Object\n');
    utimesSync(deepSource(), atime, mtime);
    expect(isBundleStale({ root, bundle })).toBe(true);
  });

  it('is true when a source file is added or removed', () => {
    writeFileSync(join(root, 'openapi', 'components', 'schemas', 'Extra.yaml'), 'type: string\n');
    expect(isBundleStale({ root, bundle })).toBe(true);
    rmSync(join(root, 'openapi', 'components', 'schemas', 'Extra.yaml'));
    expect(isBundleStale({ root, bundle })).toBe(false);
    rmSync(deepSource());
    expect(isBundleStale({ root, bundle })).toBe(true);
  });

  it('is true when Redocly settings changed (their decorators change the bundle)', () => {
    writeFileSync(join(root, 'redocly.yaml'), 'extends: [recommended]\ndecorators: {}\n');
    expect(isBundleStale({ root, bundle })).toBe(true);
  });

  it('is true when a bundle file or the recorded digest is missing', () => {
    rmSync(bundle.digest);
    expect(isBundleStale({ root, bundle })).toBe(true);
    recordDigest(bundle.digest, digestInputs(root, BUNDLE_INPUTS));
    rmSync(bundle.json);
    expect(isBundleStale({ root, bundle })).toBe(true);
  });
});

describe('scripts/build-mock.js --if-stale', () => {
  it('does not rebuild a bin built from the same src/ when the bin is given an older time than every source file', () => {
    const bin = buildMockIfStale();
    const before = readFileSync(bin);
    utimesSync(bin, 631_152_000, 631_152_000);
    buildMockIfStale();
    // A rebuild writes a new file in its place (a rename), with the time of now.
    expect(statSync(bin).mtimeMs).toBe(631_152_000_000);
    expect(readFileSync(bin).equals(before)).toBe(true);
  });
});
