// The proxy's log lines as pure functions: the one redactor first, then escaping; findings filtered by level.
import { describe, expect, it } from 'vitest';
import { createExchangeLog, readCredentials } from '../../src/mock/proxy-log.js';
import { CANARY_CALLBACK_TOKEN, CANARY_KEY } from '../support/canary.js';

function capture(level: string, secrets: string[]) {
  const lines: string[] = [];
  return { lines, log: createExchangeLog((line) => lines.push(line), level, secrets) };
}

describe('the proxy log', () => {
  it("reads a request's credentials: each line whole and the part after its scheme", () => {
    expect(readCredentials({ authorization: [`Api-Key ${CANARY_KEY}`], cookie: ['a=1'] }, ['authorization', 'cookie'])).toEqual([
      `Api-Key ${CANARY_KEY}`,
      CANARY_KEY,
      'a=1',
    ]);
  });

  it('redacts the key, and the query and user of any URL, before it escapes control characters', () => {
    const { lines, log } = capture('info', readCredentials({ authorization: [`Api-Key ${CANARY_KEY}`] }, ['authorization']));
    log.exchange(`POST /x → 502: saw ${CANARY_KEY} at http://u:p@up.invalid/a?token=${CANARY_CALLBACK_TOKEN}\nforged line`);
    expect(lines).toEqual(['POST /x → 502: saw [REDACTED] at http://[REDACTED]@up.invalid/a?[REDACTED]\\u000aforged line']);
  });

  it('prints each finding at its severity, from the level asked for up', () => {
    const finding = (severity: string) => ({ location: ['response', 'body'], severity, code: undefined, message: severity });
    const findings = [finding('Error'), finding('Warning'), finding('Information')];
    const warn = capture('warn', []);
    warn.log.violations(findings);
    expect(warn.lines).toEqual(['[VALIDATOR] error Violation: response.body Error', '[VALIDATOR] warn Violation: response.body Warning']);
    const info = capture('info', []);
    info.log.violations(findings);
    expect(info.lines).toHaveLength(3);
    const silent = capture('silent', []);
    silent.log.violations(findings);
    expect(silent.lines).toEqual([]);
  });
});
