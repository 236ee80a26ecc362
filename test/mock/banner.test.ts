// The mock's banner as a new user reads it (issue 30): docs given as paths from the folder the mock was started in
// (a consumer's project has no generated/ of its own), a curl that needs nothing but curl, and a word on the sample's
// callback_url, which is on a reserved name the mock never calls.
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPackageRoot } from '../../scripts/package-root.js';
import { createContract } from '../../src/contract/contract-value.js';
import { readContract } from '../../src/contract/load-contract.js';
import { formatMockBanner } from '../../src/mock/banner.js';
import { locateBundle } from '../../src/mock/bundle.js';

const projectRoot = findPackageRoot();

const contract = createContract(readContract(locateBundle().json));
const banner = (cwd: string) => formatMockBanner({ baseUrl: 'http://127.0.0.1:4010', contract, dynamic: false, cwd });
const docsLine = (cwd: string) =>
  banner(cwd)
    .split('\n')
    .find((line) => line.startsWith('Docs: '));

describe('the mock banner', () => {
  it('gives the docs as paths from the repository when started there', () => {
    expect(docsLine(projectRoot)).toBe(
      'Docs: generated/docs/index.html (API reference) · generated/openapi.yaml (the contract; checkout-api-contract/openapi.yaml to import it) · docs/mock.md',
    );
  });

  it('gives them from the folder above the package, as a consumer project sees node_modules/<package>/', () => {
    const name = projectRoot.split('/').filter(Boolean).pop();
    expect(docsLine(dirname(projectRoot))).toContain(`${name}/generated/openapi.yaml (the contract;`);
    expect(docsLine(dirname(projectRoot))).toContain(`· ${name}/docs/mock.md`);
  });

  it('gives absolute paths when started elsewhere, never a path that does not exist from there', () => {
    const line = docsLine('/nonexistent-folder');
    expect(line).toContain(`${join(projectRoot, 'generated', 'openapi.yaml')} (the contract;`);
    expect(line).not.toMatch(/ generated\/openapi\.yaml/);
  });

  it('shows a curl that needs no other tool (no uuidgen) and says the sample callback is never called', () => {
    const text = banner(projectRoot);
    expect(text).not.toContain('uuidgen');
    expect(text).toContain(
      'Its callback_url is under example.com, reserved for documentation: the mock logs that it did not call it. To receive\nthe callback, send a URL of your own receiver on this machine instead, such as http://127.0.0.1:8080/hooks.',
    );
  });
});
