// The versioning rule of docs/contributing.md: package.json `version` is the contract's `info.version`, its major is
// the path's `/api/v<major>`, a version is bumped only when it is released, and every release has a CHANGELOG entry
// and a committed copy in openapi/released/ (the baseline of `npm run check:breaking`).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadContract } from '../../src/contract/load-contract.js';
import { findLatestRelease } from '../../src/release/released-contracts.js';

const projectRoot = resolve(import.meta.dirname, '../..');
const readText = (path: string) => readFileSync(join(projectRoot, path), 'utf8');
const packageVersion: string = JSON.parse(readText('package.json')).version;
const changelog = readText('CHANGELOG.md');
// Keep a Changelog headings: `## [Unreleased]`, then `## [1.2.3] - 2026-11-22`, newest first.
const releaseHeadings = [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$/gm)].map((m) => m[1]);
const compareVersions = (a: string, b: string) => {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

describe('versions', () => {
  it('gives the package the version of the contract, in the source and in the bundle', () => {
    expect(parse(readText('openapi/openapi.yaml')).info.version).toBe(packageVersion);
    expect(loadContract().info.version).toBe(packageVersion);
  });

  it('keeps the major version in every path (/api/v<major>/)', () => {
    const major = packageVersion.split('.')[0];
    const paths = Object.keys(loadContract().paths);
    expect(paths).toEqual([`/api/v${major}/checkouts/`]);
    for (const path of paths) expect(path.startsWith(`/api/v${major}/`), path).toBe(true);
  });

  it('has a CHANGELOG entry for the current version, under an Unreleased section, newest first', () => {
    expect(changelog.match(/^## .*$/m)?.[0]).toBe('## [Unreleased]');
    expect(releaseHeadings[0]).toBe(packageVersion);
    expect([...releaseHeadings].sort(compareVersions).reverse()).toEqual(releaseHeadings);
  });

  it('keeps a marked copy of every released contract, the current version the latest', () => {
    const releasedDir = join(projectRoot, 'openapi/released');
    const copies = readdirSync(releasedDir).filter((name) => /^openapi-.*\.json$/.test(name));
    expect(findLatestRelease(releasedDir).version).toBe(packageVersion);
    for (const name of copies) {
      const copy = JSON.parse(readFileSync(join(releasedDir, name), 'utf8'));
      expect(Object.keys(copy)[0], name).toBe('x-generated');
      expect(copy['x-generated'], name).toMatch(/^A copy of the released contract \d+\.\d+\.\d+ .*Do not make direct changes/);
      expect(name).toBe(`openapi-${copy.info.version}.json`);
      expect(releaseHeadings, `CHANGELOG entry for ${name}`).toContain(copy.info.version);
    }
  });
});
