// The settings' types come from the settings table (src/sandbox/config/sandbox-settings.ts): SandboxConfig is what
// its parsers read, and the testing kit's options are its options, no more and no fewer.
import { expectTypeOf, test } from 'vitest';
import type { SandboxConfig, SettingOption } from '../../src/sandbox/config/sandbox-settings.js';
import type { RateLimit } from '../../src/sandbox/config/setting-parsers.js';
import type { SandboxStartOptions } from '../../src/testing/in-process-sandbox.js';
import type { TestingPolicies } from '../../src/testing/testing-options.js';

test("SandboxConfig is each row's key with the type its parser reads", () => {
  expectTypeOf<SandboxConfig>().toEqualTypeOf<{
    host: string;
    port: number;
    apiKeys: string[];
    callbackSecret: string;
    checkoutPageUrl: string | null;
    sessionLifetimeMs: number;
    initialUpdateDelayMs: number;
    offerAllMethods: boolean;
    testRates: Record<string, string>;
    rateLimit: RateLimit | null;
    maxSessions: number;
    retentionMs: number;
    sweepIntervalMs: number;
    callbackRetryDelaysMs: number[];
    callbackRetryJitter: number;
    callbackTimeoutMs: number;
    merchantName: string;
    apiKeysGenerated: boolean;
    callbackSecretGenerated: boolean;
  }>();
});

test("the testing kit's options are the table's options, besides its own now, onCallback and log", () => {
  expectTypeOf<Exclude<keyof TestingPolicies, 'now' | 'onCallback' | 'log'>>().toEqualTypeOf<Exclude<SettingOption, 'port'>>();
  expectTypeOf<Exclude<keyof SandboxStartOptions, keyof TestingPolicies>>().toEqualTypeOf<'port'>();
});
