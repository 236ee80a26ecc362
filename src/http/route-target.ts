// Routing a request by method and target, in the one way both servers route (D3): the target is read once
// (request-target.ts); one that cannot be read is a 400, a path no route serves a 404 (with a hint when only the
// trailing slash is missing), a path served for other methods a 405 with `Allow`. The request front
// (request-front.ts) routes with it, for the mock to the contract's operations (src/mock/answer-request.ts) and for the
// sandbox to its own routes (src/sandbox/routes/sandbox-routes.ts); test/mock/bad-inputs-agree.test.ts holds the two
// to the same answers.
import type { Problems, Refusal } from './problems.js';
import { type RequestTarget, readRequestTarget } from './request-target.js';

/** The methods served at the paths one pattern matches. */
export interface Route<Handler> {
  /** The whole path, anchored; its first group, when it has one, is the path's `{id}`. */
  path: RegExp;
  methods: Readonly<Record<string, Handler>>;
}

/** Where a request goes: its handler, or the refusal that answers it; and its target as read, for the log. */
export type Routing<Handler> =
  | { target: RequestTarget; refusal: Refusal; handler?: undefined }
  | { target: RequestTarget & { readable: true }; refusal?: undefined; handler: Handler; id: string };

export function routeTarget<Handler>(
  method: string,
  rawTarget: string,
  routes: ReadonlyArray<Route<Handler>>,
  problems: Pick<Problems, 'unreadableTarget' | 'methodNotAllowed' | 'notFound'>,
): Routing<Handler> {
  const target = readRequestTarget(rawTarget);
  if (!target.readable) return { target, refusal: { problem: problems.unreadableTarget(), headers: {} } };
  const { path } = target;
  for (const route of routes) {
    const match = route.path.exec(path);
    if (!match) continue;
    // Own methods only: `constructor` or `toString` as a method (the fetch sandbox takes any token) names no handler.
    if (Object.hasOwn(route.methods, method)) return { target, handler: route.methods[method], id: match[1] ?? '' };
    const allowed = Object.keys(route.methods);
    return { target, refusal: { problem: problems.methodNotAllowed(path, allowed), headers: { allow: allowed.join(', ') } } };
  }
  const missesSlash = !path.endsWith('/') && routes.some((route) => route.path.test(`${path}/`));
  const hint = missesSlash ? ` Send it to ${path.slice(0, 200)}/, with the trailing slash.` : '';
  return { target, refusal: { problem: problems.notFound(path, hint), headers: {} } };
}
