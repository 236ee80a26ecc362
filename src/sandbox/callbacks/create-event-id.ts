// Event ids in the contract's `webhook-id` shape, `msg_` and 24 base62 characters.
import { randomBytes } from 'node:crypto';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function createEventId(): string {
  // 248 is the largest multiple of 62 below 256: rejecting bytes at or above it keeps every character equally likely.
  let id = 'msg_';
  while (id.length < 28) {
    for (const byte of randomBytes(32)) {
      if (byte < 248 && id.length < 28) id += BASE62[byte % 62];
    }
  }
  return id;
}
