// What `npm start` prints once the mock listens: the base URL, a curl of the first named sample that works as
// pasted (the mock accepts any key, so the placeholder is never replaced by a real one), and where the docs are.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { listOperations } from '../contract/contract-facts.js';
import type { OpenApiDocument } from '../contract/load-contract.js';
import { projectRoot, resolveGeneratedDir } from './bundle.js';

export const KEY_PLACEHOLDER = '<API_KEY>';

export function formatMockBanner({ baseUrl, contract, dynamic }: { baseUrl: string; contract: OpenApiDocument; dynamic: boolean }): string {
  const operation = listOperations(contract).find((op) => op.requestExamples.length > 0);
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
    `Docs: ${describeDocs()}`,
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
    `Docs: ${describeDocs()}`,
    'Stop with Ctrl-C.',
  ].join('\n');
}

function describeDocs(): string {
  const generatedDir = resolveGeneratedDir();
  const reference = join(generatedDir, 'docs', 'index.html');
  const parts: string[] = [];
  if (existsSync(reference)) parts.push(`${relative(projectRoot, reference)} (API reference)`);
  parts.push(`${relative(projectRoot, join(generatedDir, 'openapi.yaml'))} (the contract)`, 'docs/mock.md');
  return parts.join(' · ');
}

// The text between single quotes in a POSIX shell: each ' becomes '\''.
function quoteForShell(text: string): string {
  return text.replaceAll("'", "'\\''");
}
