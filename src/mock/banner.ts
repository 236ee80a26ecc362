// What `npm start` (or `npx checkout-mock`) prints once the mock listens: the base URL, a curl of the first named
// sample that works as pasted with nothing else installed (the mock accepts any key, so the placeholder is never
// replaced by a real one), what happens to the sample's callback_url, and where the docs are, as paths from the
// folder the mock was started in (a consumer's project holds them under node_modules/, not generated/).
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { findPackageRoot } from '../../scripts/package-root.js';
import type { Contract } from '../contract/contract-value.js';
import { findReservedName } from '../http/reserved-hosts.js';
import { resolveGeneratedDir } from './bundle.js';

const KEY_PLACEHOLDER = '<API_KEY>';

export interface MockBannerOptions {
  baseUrl: string;
  contract: Contract;
  dynamic: boolean;
  /** The folder the mock was started in, from which the docs' paths are given (default the process's). */
  cwd?: string;
}

export function formatMockBanner({ baseUrl, contract, dynamic, cwd = process.cwd() }: MockBannerOptions): string {
  const operation = contract.operations.find((op) => op.requestExamples.length > 0);
  if (!operation) throw new Error('The contract has no operation with a named request example to show.');
  const sample = operation.requestExamples[0];
  const mode = dynamic ? 'records generated from the schemas (--dynamic)' : "the contract's named examples";
  return [
    `Checkout API mock (Prism, validating) on ${baseUrl}, answering with ${mode}.`,
    `Base URL: ${baseUrl}   (paths already carry /api/v1)`,
    '',
    `Create a checkout from the "${sample.name}" sample:`,
    `  curl -i -X ${operation.method} '${baseUrl}${operation.path}' \\`,
    `    -H 'Authorization: Api-Key ${KEY_PLACEHOLDER}' \\`,
    "    -H 'Content-Type: application/json' \\",
    `    --data '${quoteForShell(JSON.stringify(sample.value))}'`,
    '',
    'The mock checks that Authorization is present, not the key: keep your real key for the sandbox and production.',
    ...describeCallback(sample.value),
    `Docs: ${describeDocs(cwd)}`,
    'Stop with Ctrl-C.',
  ].join('\n');
}

export function formatProxyBanner({ baseUrl, upstream, timeoutMs }: { baseUrl: string; upstream: string; timeoutMs: number }): string {
  return [
    `Validating proxy (Prism's validator) on ${baseUrl}, forwarding to ${upstream}.`,
    `Proxy URL: ${baseUrl}`,
    "The upstream's answers are passed through unchanged, byte for byte, redirects included (never followed). Every",
    'request and answer is checked against the contract; violations are logged here and listed in the sl-violations',
    `response header. An upstream that does not answer within ${timeoutMs / 1000} s gets a 504 problem (--upstream-timeout).`,
    `Docs: ${describeDocs(process.cwd())}`,
    'Stop with Ctrl-C.',
  ].join('\n');
}

// The sample's callback_url is on a name reserved for documentation, which the mock never calls (issue 30): say so,
// and how to receive the callback instead.
function describeCallback(sample: unknown): string[] {
  const callbackUrl = (sample as { callback_url?: unknown }).callback_url;
  if (typeof callbackUrl !== 'string') return [];
  const reserved = findReservedName(new URL(callbackUrl).hostname);
  if (!reserved) return [];
  return [
    `Its callback_url is under ${reserved}, reserved for documentation: the mock logs that it did not call it. To receive`,
    'the callback, send a URL of your own receiver on this machine instead, such as http://127.0.0.1:8080/hooks.',
  ];
}

// The API reference (in a clone only: the package does not ship it), the contract and the mock's guide, each as a
// path from `cwd` when it lies below it, else as an absolute path; the contract also by its package export.
function describeDocs(cwd: string): string {
  const generatedDir = resolveGeneratedDir();
  const reference = join(generatedDir, 'docs', 'index.html');
  const parts: string[] = [];
  if (existsSync(reference)) parts.push(`${fromCwd(cwd, reference)} (API reference)`);
  parts.push(
    `${fromCwd(cwd, join(generatedDir, 'openapi.yaml'))} (the contract; ${readPackageName()}/openapi.yaml to import it)`,
    fromCwd(cwd, join(findPackageRoot(), 'docs', 'mock.md')),
  );
  return parts.join(' · ');
}

// The name the package is installed under, as its exports are imported (`<name>/openapi.yaml`).
function readPackageName(): string {
  return (JSON.parse(readFileSync(join(findPackageRoot(), 'package.json'), 'utf8')) as { name: string }).name;
}

function fromCwd(cwd: string, file: string): string {
  const path = relative(cwd, file);
  return path === '' || path.startsWith('..') || isAbsolute(path) ? file : path;
}

// The text between single quotes in a POSIX shell: each ' becomes '\''.
function quoteForShell(text: string): string {
  return text.replaceAll("'", "'\\''");
}
