import type { Server } from 'node:http';
export interface FrontServerOptions {
  prismOrigin: string;
  /**
   * Resolves with the number of a Prism that is up (a newer one than `after` when given); asked before every
   * forward and after a refused connection, since Prism may be restarting. Default: always 0, never a newer one.
   */
  waitForPrism?: (after?: number) => Promise<number>;
  pairExamples?: boolean;
  contract: unknown;
  relay: { register(callbackUrl: string): { relayUrl: string; settle(created: boolean): void } };
  log: (line: string) => void;
}
export function createFrontServer(options: FrontServerOptions): Server;
