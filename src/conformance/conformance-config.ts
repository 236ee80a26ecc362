// What one conformance run needs to know, once the command line and the environment have been read.
import { SANDBOX_HELPER_ROUTES, type SandboxHelperOperationId } from '../contract/sandbox-helper-routes.js';

export type Level = 'schema' | 'full';

export const LEVELS: readonly Level[] = ['schema', 'full'];

export interface CallbackConfig {
  /** Host (and port) under which the implementation reaches this machine, as written in callback_url. */
  publicHost: string;
  /** The port the receiver listens on; 0 picks a free one. */
  port: number;
  /** The address the receiver binds. */
  listenAddress: string;
  /** Path (with `{id}`) that drives a checkout to completion, or null when the implementation calls back at once. */
  completePath: string | null;
  /** The `whsec_…` signing secret, from CHECKOUT_CALLBACK_SECRET; needed to verify signatures at level full. */
  secret?: string;
  /** Path (with `{id}`) that drives a checkout to expiry, or null when the implementation has no such helper. */
  expirePath: string | null;
  /** Path (with `{id}`) that reads a checkout back (GET), or null when the implementation has no such helper. */
  readPath: string | null;
  /** How long to wait for a retry after a failed attempt, and to listen for deliveries that must not come. */
  retryWaitMs: number;
  /** The service's configured retry delays (--retry-schedule), for a staging service with short ones; undefined when
   *  not given (the whole schedule is then named as not checked). */
  retryScheduleMs?: number[];
}

export interface ConformanceConfig {
  /** Scheme, host and optional path prefix, without a trailing slash. */
  baseUrl: string;
  apiKey: string;
  /** A second API key of the same service (CHECKOUT_API_KEY_2), for the promises scoped per key. */
  apiKey2?: string;
  level: Level;
  timeoutMs: number;
  reportPath?: string;
  junitPath?: string;
  callback?: CallbackConfig;
  /** Why the callback checks do not run, when `callback` is undefined ("give --callback-host"). */
  callbackNotRun?: string;
  /** Seed of the generated bodies, so a run can be repeated exactly. */
  seed: number;
  /** How many valid and how many invalid bodies to generate. */
  generated: number;
  /** Requests in flight at once. */
  concurrency: number;
}

// The sandbox's helper paths, the defaults of --complete-path, --expire-path and --read-path, from the sandbox's table.
const helperPath = (operationId: SandboxHelperOperationId) =>
  SANDBOX_HELPER_ROUTES.find((route) => route.operationId === operationId)!.path;
export const SANDBOX_COMPLETE_PATH = helperPath('completeSandboxCheckout');
export const SANDBOX_EXPIRE_PATH = helperPath('expireSandboxCheckout');
export const SANDBOX_READ_PATH = helperPath('readSandboxCheckout');
