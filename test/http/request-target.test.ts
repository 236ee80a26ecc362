// The one reading of a request target both servers route and log by (src/http/request-target.ts, issue 28 R15 and
// R16): dot segments removed, a fragment dropped, an absolute-form target routed by its path, and a target no URL
// parser reads refused rather than guessed at.
import { describe, expect, it } from 'vitest';
import { describeTargetForLog, readRequestTarget } from '../../src/http/request-target.js';
import { CANARY_CALLBACK_PASSWORD, CANARY_CALLBACK_TOKEN } from '../support/canary.js';

describe('readRequestTarget', () => {
  it.each([
    ['/api/v1/checkouts/', '/api/v1/checkouts/', ''],
    ['/api/v1/checkouts/?token=t', '/api/v1/checkouts/', '?token=t'],
    ['/api/v1/x/../checkouts/', '/api/v1/checkouts/', ''],
    ['/api/v1/x/%2e%2e/checkouts/', '/api/v1/checkouts/', ''],
    ['/api/v1/x/.%2E/checkouts/', '/api/v1/checkouts/', ''],
    ['/api/v1/./checkouts/', '/api/v1/checkouts/', ''],
    ['/api/v1/checkouts/#frag', '/api/v1/checkouts/', ''],
    ['/../../api/v1/checkouts/', '/api/v1/checkouts/', ''],
    // Origin-form: `//` opens an empty segment, not an authority.
    ['//api/v1/checkouts/', '//api/v1/checkouts/', ''],
    // Other percent-encoding stays as sent: %63 is not `c` to the router.
    ['/api/v1/%63heckouts/', '/api/v1/%63heckouts/', ''],
    [`http://user:${CANARY_CALLBACK_PASSWORD}@127.0.0.1/api/v1/x/../checkouts/?token=t`, '/api/v1/checkouts/', '?token=t'],
    ['HTTPS://127.0.0.1:4010/api/v1/checkouts/', '/api/v1/checkouts/', ''],
  ])('%s → path %s, query "%s"', (target, path, query) => {
    expect(readRequestTarget(target)).toEqual({ readable: true, path, query });
  });

  it.each([
    `http://us'er:${CANARY_CALLBACK_PASSWORD}@[/api/v1/checkouts/`,
    `http://127.0.0.1:99999/api/v1/checkouts/?token=${CANARY_CALLBACK_TOKEN}`,
    '*',
    '127.0.0.1:4010',
    'mailto:someone@example.com',
    'file:///etc/passwd',
    'api/v1/checkouts/',
    '',
  ])('%s is not readable', (target) => {
    expect(readRequestTarget(target)).toEqual({ readable: false });
  });
});

describe('describeTargetForLog', () => {
  it('shows the path of an absolute-form target, never its user, password, host or query', () => {
    const target = readRequestTarget(
      `http://canary-user:${CANARY_CALLBACK_PASSWORD}@127.0.0.1/api/v1/checkouts/?token=${CANARY_CALLBACK_TOKEN}`,
    );
    expect(describeTargetForLog(target)).toBe('/api/v1/checkouts/');
  });

  it('shows nothing of a target it cannot read', () => {
    const target = readRequestTarget(`http://us'er:${CANARY_CALLBACK_PASSWORD}@[/api/v1/checkouts/`);
    expect(describeTargetForLog(target)).toBe('(a request target that is not a path or an http URL)');
  });
});
