// Spectral with spectral:oas and the OWASP API Top 10 ruleset, as `.spectral.yaml` keeps them: zero findings on the
// bundle, and a negative control proving the request bounds it relies on would be reported.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const execFileAsync = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
const spectral = join(root, 'node_modules/.bin/spectral');
const scratch = mkdtempSync(join(tmpdir(), 'spectral-'));

interface Finding {
  code: string;
  path: string[];
}

/** Spectral's findings on `file` under `.spectral.yaml`; Spectral exits 1 when it finds any, which is not a failure here. */
async function lintWithSpectral(file: string): Promise<string[]> {
  const args = ['lint', file, '--ruleset', join(root, '.spectral.yaml'), '--format', 'json', '--quiet'];
  const { stdout } = await execFileAsync(spectral, args, { cwd: root, encoding: 'utf8' }).catch(
    (error: { code?: number; stdout?: string; stderr?: string }) => {
      if (error.code === 1 && error.stdout) return { stdout: error.stdout };
      throw new Error(`spectral failed (exit ${error.code}):\n${error.stdout}\n${error.stderr}`);
    },
  );
  return (JSON.parse(stdout) as Finding[]).map((finding) => `${finding.code} ${finding.path.join('/')}`);
}

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('spectral:oas and the OWASP ruleset under .spectral.yaml', () => {
  it('report zero findings on generated/openapi.json', async () => {
    expect(await lintWithSpectral('generated/openapi.json')).toEqual([]);
  });

  it('report an unbounded request string, header and array, and an http server (negative control)', async () => {
    const document = JSON.parse(readFileSync(join(root, 'generated/openapi.json'), 'utf8'));
    delete document.components.schemas.CreateCheckoutRequest.properties.client_reference_id.maxLength;
    delete document.components.schemas.CreateCheckoutRequest.properties.invoice_items.maxItems;
    delete document.components.parameters.WebhookSignature.schema.maxLength;
    document.servers.push({ url: 'http://api.checkout.example', description: 'Production.', 'x-internal': false });
    const broken = join(scratch, 'openapi.json');
    writeFileSync(broken, JSON.stringify(document, null, 2));

    // The copy is another file, so the ruleset's overrides for generated/openapi.json do not apply: keep only the
    // findings this control is about.
    const findings = (await lintWithSpectral(broken)).filter((line) => /^(request-|owasp:api8:2023-no-server-http)/.test(line));
    expect(findings.sort()).toEqual([
      'owasp:api8:2023-no-server-http servers/1/url',
      'request-array-limit components/schemas/CreateCheckoutRequest/properties/invoice_items',
      'request-string-limit components/parameters/WebhookSignature/schema',
      'request-string-limit components/schemas/CreateCheckoutRequest/properties/client_reference_id',
    ]);
  });
});
