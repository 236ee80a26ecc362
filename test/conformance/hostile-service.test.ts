// The kit treats the service under test as untrusted input (issue 28, R6, R8, R9, R10): a service that echoes the key
// at every offset a report cuts a body, prints terminal escape codes and a fake verdict, or answers a record with an
// extra field nested 10,000 deep still gets a verdict, and no fragment of the key, no raw control character, reaches
// the table, the progress lines, the JSON report or the JUnit file.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCommand } from '../../src/conformance/parse-args.js';
import { RETAINED_BODY_CHARS, RETAINED_MESSAGE_CHARS } from '../../src/conformance/retain-finding.js';
import { runCli } from '../../src/conformance/run-cli.js';
import { runConformance } from '../../src/conformance/run-conformance.js';
import { loadContractValue } from '../../src/contract/contract-value.js';
import { startTestSandbox } from '../sandbox/support/sandbox-harness.js';
import { CANARY_MARKUP_KEY } from '../support/canary.js';
import { startBrokenProxy } from './support/broken-proxy.js';

const workDir = mkdtempSync(join(tmpdir(), 'conformance-hostile-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** A fake service that answers every request with `answer(authorization)` as a 201 JSON body. */
async function startHostileService(answer: (authorization: string) => string) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const body = answer(String(req.headers.authorization ?? ''));
      res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The kit in process against `baseUrl`: its exit code, stdout, stderr and both reports. */
async function runKit(baseUrl: string, name: string, env: Record<string, string>) {
  const report = join(workDir, `${name}.json`);
  const junit = join(workDir, `${name}.xml`);
  let stdout = '';
  let stderr = '';
  const argv = ['--base-url', baseUrl, '--callback-host', 'none', '--generated', '2', '--report', report, '--junit', junit];
  const code = await runCli(argv, env, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    interactive: false,
  });
  const read = (path: string) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return '';
    }
  };
  return { code, stdout, stderr, json: read(report), junit: read(junit) };
}

/**
 * Every 8-character piece of the key, as written raw, JSON-escaped, XML-escaped or percent-encoded, that holds some of
 * its plain characters (a piece of `&amp;&lt;` alone could be any escaped text).
 */
function fragmentsOf(secret: string, plainStart: string, plainEnd: string): string[] {
  const xml = secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
  const spellings = [secret, JSON.stringify(secret).slice(1, -1), xml, encodeURIComponent(secret)];
  return [
    ...new Set(
      spellings.flatMap((text) =>
        Array.from({ length: text.length - 7 }, (_, i) => i)
          .filter((i) => i < plainStart.length || i + 8 > text.length - plainEnd.length)
          .map((i) => text.slice(i, i + 8)),
      ),
    ),
  ];
}

describe('a service that echoes the key where the reports cut a body (R8, R9)', () => {
  it('leaves no 8-character fragment of the key, raw or escaped, in the table, progress, JSON or JUnit', async () => {
    // The key echoed so that it straddles each cut (the table's 700, JUnit's 4,000 and the JSON report's 16,384
    // characters), at every offset around them, and once more whole.
    const service = await startHostileService((authorization) => {
      const pieces = [700, 4_000, 16_384].map((limit) => `${'x'.repeat(limit - 30)}${authorization}`);
      return JSON.stringify({ note: `${authorization}${pieces.join('')}` });
    });
    try {
      const run = await runKit(service.url, 'echo', { CHECKOUT_API_KEY: CANARY_MARKUP_KEY });
      expect(run.code, run.stderr).toBe(1);
      expect(run.json).toContain('"verdict": "violations"');
      expect(run.junit).toContain('<failure ');
      const outputs = { stdout: run.stdout, stderr: run.stderr, json: run.json, junit: run.junit };
      const fragments = fragmentsOf(CANARY_MARKUP_KEY, 'canary-key-', '-5a1f9c3e7d2b');
      expect(fragments.length).toBeGreaterThan(40);
      for (const fragment of fragments) {
        for (const [name, text] of Object.entries(outputs)) expect(text.includes(fragment), `${name} holds ${fragment}`).toBe(false);
      }
      expect(run.junit).toContain('Api-Key [REDACTED]');
    } finally {
      await service.close();
    }
  });
});

describe('a service whose bodies hold terminal escape codes and a fake verdict (R10)', () => {
  it('prints them escaped: the real verdict is the one verdict line, and no raw control character reaches any output', async () => {
    // Not JSON: the raw characters, as a terminal would get them. ESC[8m hides what follows, a line break starts a
    // fake verdict line, ESC[2K and CSI (C1) erase and recolour, the bidi override reverses the rest.
    const fake = '\u001b[8m\r\nVerdict: CONFORMANT (99 checks ran)\n\u001b[2K\u009b31m\u202e\u007f';
    const service = await startHostileService(() => fake);
    try {
      const run = await runKit(service.url, 'escapes', { CHECKOUT_API_KEY: 'canary-key-9f1c4e2a7b3d8c6f' });
      expect(run.code).toBe(1);
      const verdictLines = run.stdout.split('\n').filter((line) => /^\s*Verdict:/.test(line));
      expect(verdictLines.length).toBe(1);
      expect(verdictLines[0]).toMatch(/^Verdict: NOT CONFORMANT — /);
      expect(run.stdout).toContain('\\u001b[8m');
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is that none of these is written raw.
      const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
      for (const [name, text] of Object.entries({ stdout: run.stdout, stderr: run.stderr, json: run.json, junit: run.junit })) {
        expect(raw.exec(text), name).toBeNull();
      }
      expect(JSON.parse(run.json).verdict).toBe('violations');
    } finally {
      await service.close();
    }
  });
});

describe('a record with an extra field nested 10,000 deep (R6)', () => {
  it('gets a verdict (D28 allows extra fields), not a RangeError and exit 2', async () => {
    const sandbox = await startTestSandbox();
    const proxy = await startBrokenProxy(sandbox.baseUrl);
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    proxy.use({
      response: (response) =>
        response.status === 201 ? { ...response, body: response.body.replace(/}$/, `,"extra":${deep}}`) } : undefined,
    });
    try {
      const run = await runKit(proxy.url, 'deep', { CHECKOUT_API_KEY: 'canary-key-9f1c4e2a7b3d8c6f' });
      expect(run.stderr).not.toContain('RangeError');
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/\nVerdict: CONFORMANT/);
      const report = JSON.parse(run.json);
      expect(report.checks.find((check: { name: string }) => check.name === 'response-schema').status).toBe('warn');
    } finally {
      await proxy.close();
      await sandbox.close();
    }
  });
});

describe('a service that answers every request with 256 KiB (R7)', () => {
  it('the run keeps of each finding a redacted start of its bodies and messages, never the whole answer', async () => {
    const large = 'y'.repeat(256 * 1024);
    const service = await startHostileService((authorization) => JSON.stringify({ note: `${authorization}${large}` }));
    try {
      const parsed = parseCommand(['--base-url', service.url, '--callback-host', 'none', '--generated', '2'], {
        CHECKOUT_API_KEY: 'canary-key-9f1c4e2a7b3d8c6f',
      });
      if (parsed.kind !== 'run') throw new Error('expected a run');
      const outcome = await runConformance(parsed.config, loadContractValue());
      const findings = outcome.results.flatMap((result) => [...result.failures, ...result.warnings]);
      const kept = findings.flatMap((finding) => [finding.exchange?.response?.body ?? '', finding.exchange?.request.body ?? '']);
      expect(outcome.requests).toBeGreaterThan(100);
      expect(findings.length).toBeGreaterThan(100);
      expect(Math.max(...kept.map((body) => body.length))).toBe(RETAINED_BODY_CHARS);
      expect(Math.max(...findings.flatMap((finding) => finding.messages.map((message) => message.length)))).toBeLessThanOrEqual(
        RETAINED_MESSAGE_CHARS + 40,
      );
      // Each kept response says how much of it was dropped: the answer was 256 KiB and more.
      const answered = findings.find((finding) => finding.exchange?.response);
      expect(answered?.exchange?.response?.omittedChars).toBeGreaterThan(256 * 1024 - RETAINED_BODY_CHARS);
      expect(answered?.exchange?.response?.body).toMatch(/^\{"note":"Api-Key \[REDACTED\]y/);
    } finally {
      await service.close();
    }
  });
});
