import type { Server } from 'node:http';
export interface FrontServerOptions {
  prismOrigin: string;
  prismReady?: Promise<unknown>;
  pairExamples?: boolean;
  contract: unknown;
  relay: { register(callbackUrl: string): { relayUrl: string; settle(created: boolean): void } };
  log: (line: string) => void;
}
export function createFrontServer(options: FrontServerOptions): Server;
