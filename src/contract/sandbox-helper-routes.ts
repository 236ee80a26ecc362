// The routes the sandbox serves besides the contract's own, as its helpers' document states them
// (openapi-sandbox/openapi.yaml, which the package does not ship): each operationId with its method and path
// template. The sandbox's router (src/sandbox/routes/route-request.ts) and start banner (sandbox-command.ts) and the
// conformance kit's defaults for --complete-path, --expire-path and --read-path (conformance-config.ts) read them here,
// in the contract layer both may import; test/sandbox/sandbox-openapi.test.ts holds this table equal to the document,
// so none can drift from it unnoticed. It imports nothing, so the bin's banner reads it without loading the sandbox.

export const SANDBOX_HELPER_ROUTES = [
  { operationId: 'readSandboxCheckout', method: 'GET', path: '/sandbox/v1/checkouts/{id}' },
  { operationId: 'completeSandboxCheckout', method: 'POST', path: '/sandbox/v1/checkouts/{id}/complete' },
  { operationId: 'expireSandboxCheckout', method: 'POST', path: '/sandbox/v1/checkouts/{id}/expire' },
  { operationId: 'listCallbackDeliveries', method: 'GET', path: '/sandbox/v1/checkouts/{id}/deliveries' },
  { operationId: 'showCheckoutPage', method: 'GET', path: '/checkouts/{id}' },
] as const;

export type SandboxHelperOperationId = (typeof SANDBOX_HELPER_ROUTES)[number]['operationId'];

/** The helper read route's path and the suffixes of the routes below it: `/sandbox/v1/checkouts/{id}[/complete|…]`. */
export function describeHelperPaths(): string {
  const [read, ...rest] = SANDBOX_HELPER_ROUTES.map((route) => route.path).filter((path) => path.startsWith('/sandbox/'));
  const suffixes = rest.filter((path) => path.startsWith(`${read}/`)).map((path) => path.slice(read.length));
  return `${read}[${suffixes.join('|')}]`;
}
