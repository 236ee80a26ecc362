// Idempotency-Keys held by a create request still in flight at the proxy, for the variants that treat such a key
// their own way (a second checkout, a 409). The first request with a key is held until another with the same key
// arrives, or a second passes, so that requests sent at once overlap however the machine schedules them.
import { CREATE_PATH } from '../../support/create-path.js';
import type { ProxiedRequest } from './broken-proxy.js';

const HOLD_MS = 1_000;

export interface KeysInFlight {
  /** The create request's Idempotency-Key, if it has one. */
  keyOf(request: ProxiedRequest): string | undefined;
  /** Whether another request holds `key`; if none does, this one takes it. */
  isHeld(key: string): boolean;
  /** Tell the holder of `key` that another request with it arrived. */
  notify(key: string): void;
  /** Hold the answer of the request that took `key` until another arrives (or HOLD_MS pass), then free the key. */
  holdThenFree(key: string): Promise<void>;
}

export function createKeysInFlight(): KeysInFlight {
  const held = new Map<string, { arrived: boolean; wake?: () => void }>();
  return {
    keyOf: (request) => (request.method === 'POST' && request.path === CREATE_PATH ? request.headers['idempotency-key'] : undefined),
    isHeld(key) {
      if (held.has(key)) return true;
      held.set(key, { arrived: false });
      return false;
    },
    notify(key) {
      const holder = held.get(key);
      if (!holder) return;
      holder.arrived = true;
      holder.wake?.();
    },
    async holdThenFree(key) {
      const holder = held.get(key);
      if (holder && !holder.arrived) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, HOLD_MS);
          holder.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      // Let the other requests sent at once reach the proxy too before the key is free again.
      await new Promise((resolve) => setImmediate(resolve));
      held.delete(key);
    },
  };
}
