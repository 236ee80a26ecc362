// The breaking-change gate (`npm run check:breaking`, D26): it passes on the real bundle against the last release,
// and it gives the right verdict, from the right tool, for known changes built as modified copies of the bundle.
// Optic starts in about 3 s, so the cases that run it are run two at a time (two cores) in one beforeAll.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, type OpenApiDocument } from '../../src/contract/load-contract.js';
import { readAcceptedBreaks, sortFindings } from '../../src/release/accepted-breaks.js';
import { findBreakingChanges } from '../../src/release/breaking-changes.js';
import { checkBreaking, type GateFinding } from '../../src/release/check-breaking.js';
import { findLatestRelease } from '../../src/release/released-contracts.js';

const projectRoot = resolve(import.meta.dirname, '../..');
const bundlePath = join(projectRoot, 'generated/openapi.json');

type Mutation = (document: any) => void;

interface GateCase {
  name: string;
  change: Mutation;
  /** Sorted `<tool>: <rule>` pairs the gate must report; none means the change is additive. */
  expected: string[];
}

const getSchemas = (document: any) => document.components.schemas;
const PROPERTY_TYPE_CHANGED = 'optic: prevent response property type changes';

// The verdicts issue 16 asks for, each through both tools. Checkout is also the callback's `data`, so a change to it
// shows in the callback too, which only the contract check sees.
const gateCases: GateCase[] = [
  {
    name: 'a new required request field',
    change: (d) => {
      getSchemas(d).CreateCheckoutRequest.properties.note = { type: 'string', maxLength: 100 };
      getSchemas(d).CreateCheckoutRequest.required.push('note');
    },
    expected: ['optic: prevent changing request property to required'],
  },
  {
    name: 'a removed response property',
    change: (d) => {
      delete getSchemas(d).Checkout.properties.nameCollection;
      getSchemas(d).Checkout.required = getSchemas(d).Checkout.required.filter((n: string) => n !== 'nameCollection');
    },
    expected: ['contract-check: property-removed', 'optic: prevent removing response property'],
  },
  {
    name: 'a retyped response property',
    change: (d) => {
      getSchemas(d).Checkout.properties.nameCollection = { type: 'string' };
    },
    expected: ['contract-check: type-changed', PROPERTY_TYPE_CHANGED],
  },
  {
    name: 'a removed value of an extensible enum',
    change: (d) => {
      getSchemas(d).PaymentMethodType['x-extensible-enum'] = ['crypto'];
      getSchemas(d).PaymentMethodType.anyOf[0].enum = ['crypto'];
    },
    expected: ['contract-check: enum-value-removed'],
  },
  {
    name: 'a removed value of a closed enum',
    change: (d) => {
      getSchemas(d).CheckoutStatus.enum = ['open', 'complete'];
    },
    expected: ['contract-check: enum-value-removed'],
  },
  {
    name: 'a value added to a closed response enum',
    change: (d) => {
      getSchemas(d).CheckoutStatus.enum.push('refunded');
    },
    expected: ['contract-check: closed-enum-value-added', 'optic: request and response property enums'],
  },
  {
    name: 'a narrower bound (maxLength lowered on a request field)',
    change: (d) => {
      getSchemas(d).CreateCheckoutRequest.properties.client_reference_id.maxLength = 100;
    },
    expected: ['contract-check: bound-narrowed'],
  },
  {
    name: 'a narrower pattern (currency codes of three letters)',
    change: (d) => {
      getSchemas(d).CurrencyCode.pattern = '^[A-Za-z]{3}$';
    },
    expected: ['contract-check: pattern-changed'],
  },
  {
    name: 'a removed callback field',
    change: (d) => {
      delete getSchemas(d).CheckoutCompletedEvent.properties.timestamp;
      getSchemas(d).CheckoutCompletedEvent.required = ['type', 'data'];
    },
    expected: ['contract-check: property-removed'],
  },
  {
    name: 'a new optional request field',
    change: (d) => {
      getSchemas(d).CreateCheckoutRequest.properties.note = { type: 'string', maxLength: 100 };
    },
    expected: [],
  },
  {
    name: 'a new response property',
    change: (d) => {
      getSchemas(d).Checkout.properties.locale = { type: 'string', maxLength: 35 };
    },
    expected: [],
  },
  {
    name: 'a new value of an extensible enum',
    change: (d) => {
      getSchemas(d).PaymentMethodType['x-extensible-enum'].push('bank_transfer');
      getSchemas(d).PaymentMethodType.anyOf[0].enum.push('bank_transfer');
    },
    expected: [],
  },
];

function describeFindings(findings: GateFinding[]): string[] {
  return [...new Set(findings.map((f) => `${f.tool}: ${f.rule}`))].sort();
}

function makeChangedCopy(change: Mutation): OpenApiDocument {
  const copy = structuredClone(loadContract());
  change(copy);
  return copy;
}

async function mapTwoAtATime<T, R>(items: T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index]);
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}

function runGateScript(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(process.execPath, ['scripts/check-breaking.js', ...args], { cwd: projectRoot }, (error, stdout, stderr) => {
      done({ code: error ? Number(error.code) : 0, output: `${stdout}${stderr}` });
    });
  });
}

describe('npm run check:breaking', () => {
  let workDir: string;
  const verdicts = new Map<string, string[]>();
  let realBundle: { code: number; output: string };
  let breakingRun: { code: number; output: string };

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'breaking-cases-'));
    const runs = [
      async () => {
        realBundle = await runGateScript([]);
      },
      async () => {
        const head = join(workDir, 'removed-callback-field-cli.json');
        writeFileSync(head, JSON.stringify(makeChangedCopy(gateCases.find((c) => c.name === 'a removed callback field')!.change)));
        breakingRun = await runGateScript(['--base', bundlePath, '--head', head]);
      },
      ...gateCases.map((gateCase, index) => async () => {
        const head = join(workDir, `case-${index}.json`);
        writeFileSync(head, JSON.stringify(makeChangedCopy(gateCase.change)));
        verdicts.set(gateCase.name, describeFindings(await checkBreaking(projectRoot, bundlePath, head)));
      }),
    ];
    await mapTwoAtATime(runs, (run) => run());
    // A guard against a hang, not a speed goal: about 40 s on an idle machine, and over 120 s under a load average of 11.
  }, 600_000);

  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it('finds no breaking change between the last released contract and the current bundle but the accepted ones', () => {
    const baselinePath = findLatestRelease(join(projectRoot, 'openapi/released')).path;
    const baseline = relative(projectRoot, baselinePath);
    const accepted = readAcceptedBreaks(baselinePath).map(
      ({ rule, where, reason }) => `  accepted: [contract-check] ${rule}: ${where} (${reason})`,
    );
    expect(realBundle.output.trim().split('\n')).toEqual([
      `check:breaking: no breaking changes (${baseline} → generated/openapi.json)`,
      ...accepted,
    ]);
    expect(realBundle.code).toBe(0);
  });

  it('exits 1 and names the tool, the rule and the place of a breaking change', () => {
    expect(breakingRun.code).toBe(1);
    expect(breakingRun.output).toContain('check:breaking: 1 breaking change(s)');
    expect(breakingRun.output).toContain('[contract-check] property-removed: POST /api/v1/checkouts/ callback checkoutCompleted body');
    expect(breakingRun.output).toMatch(/ timestamp: the property was removed\n/);
  });

  it.each(gateCases)('judges $name', ({ name, expected }) => {
    expect(verdicts.get(name)).toEqual(expected);
  });
});

// What only the contract check sees, judged without Optic: fast, and each rule proven on its own.
describe('the contract check (what Optic skips)', () => {
  const listRulesAfter = (change: Mutation) =>
    [...new Set(findBreakingChanges(loadContract(), makeChangedCopy(change)).map((f) => f.rule))].sort();
  const findResponse = (d: any, status: string) => {
    const ref: string = d.paths['/api/v1/checkouts/'].post.responses[status].$ref;
    return d.components.responses[ref.split('/').pop()!];
  };

  it('finds nothing between the bundle and itself', () => {
    expect(findBreakingChanges(loadContract(), loadContract())).toEqual([]);
  });

  it('calls closing an open enum breaking', () => {
    expect(
      listRulesAfter((d) => {
        getSchemas(d).FieldErrorCode.anyOf.pop();
      }),
    ).toEqual(['open-enum-closed']);
  });

  it('calls opening a closed response enum breaking', () => {
    expect(
      listRulesAfter((d) => {
        const values = getSchemas(d).CheckoutStatus.enum;
        getSchemas(d).CheckoutStatus = { 'x-extensible-enum': values, anyOf: [{ type: 'string', enum: values }, { type: 'string' }] };
      }),
    ).toEqual(['closed-enum-opened']);
  });

  it('calls a removed problem type breaking', () => {
    expect(
      listRulesAfter((d) => {
        delete findResponse(d, '422').content['application/problem+json'].examples.idempotencyKeyReused;
      }),
    ).toEqual(['problem-type-removed']);
  });

  it('calls a removed problem status breaking', () => {
    const found = findBreakingChanges(
      loadContract(),
      makeChangedCopy((d) => {
        delete d.paths['/api/v1/checkouts/'].post.responses['409'];
      }),
    );
    expect(found.map((f) => f.detail).sort()).toEqual([
      'no longer documents 409',
      'no longer documents 409 https://api.checkout.example/problems/idempotency-request-in-progress',
    ]);
  });

  it('calls a removed or widened callback header breaking', () => {
    expect(
      listRulesAfter((d) => {
        const parameters = d.components.callbacks.CheckoutCompleted['{$request.body#/callback_url}'].post.parameters;
        parameters.splice(2, 1);
        d.components.parameters.WebhookTimestamp.schema.maxLength = 20;
      }),
    ).toEqual(['bound-widened', 'parameter-removed']);
  });

  it('calls a callback header that may be left out breaking', () => {
    expect(
      listRulesAfter((d) => {
        d.components.parameters.WebhookId.required = false;
      }),
    ).toEqual(['parameter-made-optional']);
  });

  it('lets a request bound widen, a callback header tighten and a callback field appear', () => {
    expect(
      listRulesAfter((d) => {
        getSchemas(d).CreateCheckoutRequest.properties.client_reference_id.maxLength = 300;
        d.components.parameters.WebhookTimestamp.schema.maxLength = 11;
        getSchemas(d).CheckoutCompletedEvent.properties.attempt = { type: 'integer', minimum: 1 };
      }),
    ).toEqual([]);
  });
});

// Corrections accepted against a release by rule and place (openapi/released/accepted-<version>.json): only the
// finding named is let through, and an entry that matches nothing is reported, so the list stays true.
describe('accepted breaks', () => {
  const finding = (rule: string, where: string) => ({ tool: 'contract-check' as const, rule, where, detail: 'd' });
  const entry = { rule: 'pattern-changed', where: 'POST /x response 201 url', reason: 'D14' };

  it('takes out exactly the finding an entry names, and keeps the same rule elsewhere', () => {
    const named = finding('pattern-changed', 'POST /x response 201 url');
    const elsewhere = finding('pattern-changed', 'POST /x response 201 successUrl');
    expect(sortFindings([named, elsewhere], [entry])).toEqual({
      breaking: [elsewhere],
      accepted: [{ finding: named, reason: 'D14' }],
      unmatched: [],
    });
  });

  it('returns an entry nothing matched', () => {
    const other = finding('format-removed', 'POST /x response 201 url');
    expect(sortFindings([other], [entry])).toEqual({ breaking: [other], accepted: [], unmatched: [entry] });
  });

  it('reads none for a base that is not a released copy, and every entry of the released one with a reason', () => {
    expect(readAcceptedBreaks(bundlePath)).toEqual([]);
    const released = readAcceptedBreaks(findLatestRelease(join(projectRoot, 'openapi/released')).path);
    expect(released.map(({ rule }) => rule).sort()).toEqual([
      'format-removed',
      'format-removed',
      'format-removed',
      'format-removed',
      'format-removed',
      'format-removed',
      'pattern-changed',
      'pattern-changed',
      'pattern-changed',
    ]);
    for (const { reason } of released) expect(reason).toMatch(/^D14 \(issue (21|30)\): /);
  });
});
