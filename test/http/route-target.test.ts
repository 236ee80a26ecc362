// The one routing both servers share (src/http/route-target.ts): each refusal with its exact problem and headers.
import { describe, expect, it } from 'vitest';
import { loadContractValue } from '../../src/contract/contract-value.js';
import { createProblems } from '../../src/http/problems.js';
import { type Route, routeTarget } from '../../src/http/route-target.js';

const problems = createProblems(loadContractValue());
const routes: Array<Route<string>> = [
  { path: /^\/api\/v1\/checkouts\/$/, methods: { POST: 'create' } },
  { path: /^\/sandbox\/v1\/checkouts\/([^/]+)$/, methods: { GET: 'read' } },
];
const route = (method: string, target: string) => routeTarget(method, target, routes, problems);

describe('routeTarget', () => {
  it('finds the handler of the normalised path, and the `{id}` of its first group', () => {
    expect(route('POST', '/api/v1/x/%2e%2e/checkouts/#frag')).toMatchObject({ handler: 'create', id: '' });
    expect(route('GET', '/sandbox/v1/checkouts/c-1?x=1')).toMatchObject({ handler: 'read', id: 'c-1' });
  });

  it('a known path with another method: 405 with Allow', () => {
    const { refusal } = route('DELETE', '/api/v1/x/../checkouts/');
    expect(refusal?.headers).toEqual({ allow: 'POST' });
    expect(refusal?.problem).toMatchObject({ status: 405, detail: '/api/v1/checkouts/ accepts POST only.' });
  });

  it('a method named like an Object property (the fetch sandbox takes any token) is no handler: 405', () => {
    expect(route('constructor', '/api/v1/checkouts/').refusal?.problem.status).toBe(405);
    expect(route('__proto__', '/api/v1/checkouts/').refusal?.problem.status).toBe(405);
  });

  it('an unknown path: 404 naming the normalised path, with a hint when only the trailing slash is missing', () => {
    expect(route('POST', '/api/v1/checkouts').refusal?.problem.detail).toBe(
      'Nothing is served at /api/v1/checkouts. Send it to /api/v1/checkouts/, with the trailing slash.',
    );
    expect(route('POST', '/api/v1/checkouts/../checkout/').refusal?.problem.detail).toBe('Nothing is served at /api/v1/checkout/.');
  });

  it('an unreadable target: 400 bad-request, in words that quote nothing of it', () => {
    const { refusal, target } = route('POST', "http://us'er:secret@[/api/v1/checkouts/");
    expect(target).toEqual({ readable: false });
    expect(refusal?.problem).toMatchObject({
      status: 400,
      type: 'https://api.checkout.example/problems/bad-request',
      detail: 'The request target is neither a path nor an http(s) URL that can be read; send the path alone.',
    });
    expect(JSON.stringify(refusal)).not.toContain('secret');
  });
});
