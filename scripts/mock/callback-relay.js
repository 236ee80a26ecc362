// Stands between Prism's callbacks and the caller's `callback_url`. The front swaps a valid `callback_url` for a
// one-time relay address before the request reaches Prism, then tells the relay how Prism answered. The relay
// forwards Prism's callback only when the create succeeded (Prism 5.14.2 fires callbacks after every answer,
// rejections included) and adds the Standard Webhooks headers the contract declares, which Prism drops (its
// callback request keeps only Content-Type when there is a body).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const DELIVERY_TIMEOUT_MS = 15_000; // the contract's acknowledgement window
const FORGET_AFTER_MS = 60_000;

export function createCallbackRelay({ deliveryHeaders, log }) {
  const pending = new Map();
  const server = createServer((request, response) => void relay(request, response));
  let origin;

  async function relay(request, response) {
    const token = request.url?.match(/^\/callbacks\/([0-9a-f-]{36})$/)?.[1];
    const entry = token ? pending.get(token) : undefined;
    const body = await readAll(request);
    if (!entry) return reply(response, 404);
    pending.delete(token);
    const created = await entry.outcome;
    if (!created) return reply(response, 200);
    // A controller and timer held here for the attempt's lifetime, not AbortSignal.timeout: such a signal can lose
    // its link after a garbage collection, and the delivery would then wait on a silent receiver for ever.
    const controller = new AbortController();
    const deadline = setTimeout(() => controller.abort(new Error(`no reply within ${DELIVERY_TIMEOUT_MS} ms`)), DELIVERY_TIMEOUT_MS);
    try {
      const delivered = await fetch(entry.target, {
        method: request.method,
        headers: { 'content-type': request.headers['content-type'] ?? 'application/json', ...deliveryHeaders },
        body,
        signal: controller.signal,
      });
      await delivered.arrayBuffer();
      log(`callback ${describeTarget(entry.target)} answered ${delivered.status}`);
      reply(response, delivered.status);
    } catch (error) {
      log(`callback ${describeTarget(entry.target)} failed: ${error.cause?.code ?? error.message}`);
      reply(response, 502);
    } finally {
      clearTimeout(deadline);
    }
  }

  return {
    async listen() {
      await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${server.address().port}`;
    },
    /** A one-time relay URL standing for the caller's `target`, and how to tell it whether the create succeeded. */
    register(target) {
      const token = randomUUID();
      let settle;
      const outcome = new Promise((resolve) => (settle = resolve));
      pending.set(token, { target, outcome });
      setTimeout(() => { settle(false); pending.delete(token); }, FORGET_AFTER_MS).unref();
      return { relayUrl: `${origin}/callbacks/${token}`, settle: (created) => settle(created) };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function readAll(stream) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
  });
}

function reply(response, status) {
  response.writeHead(status, { 'content-length': '0' }).end();
}

// The caller's URL may carry a token in its query; the log shows only where the callback went.
function describeTarget(target) {
  const url = new URL(target);
  return `${url.origin}${url.pathname}`;
}
