// The helpers' own OpenAPI document: lint-clean under the project's Redocly rules, separate from the public
// contract, and describing exactly the routes the sandbox serves besides the create call.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../src/contract/load-contract.js';
import { describeHelperPaths, SANDBOX_HELPER_ROUTES } from '../../src/contract/sandbox-helper-routes.js';
import { sandboxDocument, sandboxDocumentPath } from './support/sandbox-document.js';
import { startTestSandbox } from './support/sandbox-harness.js';

const redocly = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const root = new URL('../../', import.meta.url).pathname;

describe('openapi-sandbox/openapi.yaml', () => {
  it("passes redocly lint with the project's rules and no warnings", async () => {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [redocly, 'lint', sandboxDocumentPath.pathname, '--config', `${root}redocly.yaml`, '--format', 'json'],
      { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' }, maxBuffer: 10_000_000 },
    );
    const report = JSON.parse(stdout.slice(stdout.indexOf('{')));
    expect(report.problems, stderr).toEqual([]);
  });

  it('says it is not the public contract, and shares no path with it', () => {
    expect(sandboxDocument.info.title).not.toBe(loadContract().info.title);
    expect(sandboxDocument.info.description).toMatch(/not part of|A real Checkout API has none/);
    const publicPaths = Object.keys(loadContract().paths);
    for (const path of Object.keys(sandboxDocument.paths)) expect(publicPaths).not.toContain(path);
  });

  it("is the sandbox's table of helper routes, operation for operation, which the router and the banner read", () => {
    const documented = Object.entries<Record<string, { operationId?: string }>>(sandboxDocument.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ operationId: operation.operationId, method: method.toUpperCase(), path })),
    );
    expect(SANDBOX_HELPER_ROUTES).toEqual(documented);
    expect(describeHelperPaths()).toBe('/sandbox/v1/checkouts/{id}[/complete|/expire|/deliveries]');
  });

  it('describes every route the sandbox serves besides the create call, with the methods it allows', async () => {
    const sandbox = await startTestSandbox();
    try {
      for (const [path, item] of Object.entries<any>(sandboxDocument.paths)) {
        const documented = Object.keys(item)
          .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
          .map((m) => m.toUpperCase());
        const concrete = path.replace('{id}', '0b6f3e1c-9d2a-4c57-8e4b-1f2a3b4c5d6e');
        // A method the route lacks answers 405 with the methods it has.
        const probe = await fetch(`${sandbox.baseUrl}${concrete}`, { method: 'DELETE' });
        expect({ path, status: probe.status }).toEqual({ path, status: 405 });
        expect(probe.headers.get('allow')?.split(', ').sort()).toEqual(documented.sort());
      }
      const unknown = await fetch(`${sandbox.baseUrl}/sandbox/v1/checkouts/0b6f3e1c-9d2a-4c57-8e4b-1f2a3b4c5d6e/refund`, {
        method: 'POST',
      });
      expect(unknown.status).toBe(404);
    } finally {
      await sandbox.close();
    }
  });
});
