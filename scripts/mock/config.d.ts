export class UsageError extends Error {}
export const DEFAULT_HOST: string;
export const DEFAULT_PORT: number;
export const LOG_LEVELS: string[];
export const DEFAULT_LOG_LEVEL: { mock: string; proxy: string };
export const USAGE: string;
export interface MockConfig {
  command: 'mock' | 'proxy';
  host: string;
  port: number;
  dynamic: boolean;
  build: boolean;
  help: boolean;
  logLevel: string;
  upstream: string | undefined;
}
export function parseMockArgs(argv: string[], env?: Record<string, string | undefined>): MockConfig;
