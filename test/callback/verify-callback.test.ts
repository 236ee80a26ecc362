import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CallbackVerificationError, verifyCallback } from '../../src/index.js';
import { exampleEvent, otherSecret, secret, signDelivery } from './callback-fixtures.js';

const nowSeconds = 1_795_254_127;
const now = new Date(nowSeconds * 1000);

function verifyAt(delivery: { payload: string | Uint8Array; headers: any }, options: { toleranceSeconds?: number } = {}) {
  return verifyCallback({ ...delivery, secret, now, ...options });
}

function refusal(run: () => unknown): CallbackVerificationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CallbackVerificationError);
    return error as CallbackVerificationError;
  }
  throw new Error('expected verifyCallback to refuse the delivery');
}

describe('verifyCallback accepts a genuine delivery', () => {
  it('returns the event of a delivery signed with the secret, at the current time by default', () => {
    const event = exampleEvent();
    const delivery = signDelivery(event);
    const verified = verifyCallback({ ...delivery, secret });
    expect(verified).toEqual(event);
    expect(verified.type).toBe('checkout.completed');
    expect(verified.data.status).toBe('complete');
  });

  it('takes the raw body as a Buffer and the headers as a fetch Headers object', () => {
    const delivery = signDelivery(exampleEvent(), { timestampSeconds: nowSeconds });
    const verified = verifyAt({ payload: Buffer.from(delivery.payload), headers: new Headers(delivery.headers) });
    expect(verified.data.id).toBe(exampleEvent().data.id);
  });

  // A stand-in for the npm undici package's Headers (not installed here): a class of its own, not the global Headers,
  // that stores names in lower case and answers get() in any case, as every fetch Headers does.
  class ForeignHeaders {
    readonly #values = new Map<string, string>();
    constructor(init: Record<string, string>) {
      for (const [name, value] of Object.entries(init)) this.#values.set(name.toLowerCase(), value);
    }
    get(name: string): string | null {
      return this.#values.get(name.toLowerCase()) ?? null;
    }
  }

  const upperCase = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]));

  it.each<[string, (headers: Record<string, string>) => unknown]>([
    ['a plain record (Node req.headers)', (headers) => ({ ...headers, host: 'shop.example.com' })],
    ['a plain record with upper-case names', upperCase],
    ['one-value arrays (Node req.headersDistinct)', (headers) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]]))],
    ['the global Headers', (headers) => new Headers(headers)],
    ["a Headers-like object of another class, such as undici's", (headers) => new ForeignHeaders(upperCase(headers))],
    ['a Map with names in any case', (headers) => new Map(Object.entries(upperCase(headers)))],
    ['a Map of one-value arrays', (headers) => new Map(Object.entries(headers).map(([name, value]) => [name, [value]]))],
    ['an array of [name, value] entries', (headers) => Object.entries(upperCase(headers))],
  ])('takes the headers as %s', (_name, shape) => {
    const { payload, headers } = signDelivery(exampleEvent(), { timestampSeconds: nowSeconds });
    expect(verifyAt({ payload, headers: shape(headers) }).data.id).toBe(exampleEvent().data.id);
  });

  it('still checks the signature whatever the shape: a tampered delivery in a Map or a foreign Headers is refused', () => {
    const { payload, headers } = signDelivery(exampleEvent(), { timestampSeconds: nowSeconds });
    const tampered = payload.replace('"25.00"', '"0.01"');
    expect(new ForeignHeaders(headers)).not.toBeInstanceOf(Headers);
    expect(refusal(() => verifyAt({ payload: tampered, headers: new Map(Object.entries(headers)) })).code).toBe('bad_signature');
    expect(refusal(() => verifyAt({ payload: tampered, headers: new ForeignHeaders(headers) })).code).toBe('bad_signature');
  });

  it('reads header names in any case', () => {
    const { payload, headers } = signDelivery(exampleEvent(), { timestampSeconds: nowSeconds });
    const mixedCase = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]));
    expect(verifyAt({ payload, headers: mixedCase }).type).toBe('checkout.completed');
  });

  it('accepts a delivery when any of several signatures matches (secret rotation)', () => {
    const delivery = signDelivery(exampleEvent(), { timestampSeconds: nowSeconds });
    const stale = signDelivery(exampleEvent(), { timestampSeconds: nowSeconds, signWith: otherSecret });
    const headers = {
      ...delivery.headers,
      'webhook-signature': `${stale.headers['webhook-signature']} ${delivery.headers['webhook-signature']}`,
    };
    expect(verifyAt({ payload: delivery.payload, headers }).data.status).toBe('complete');
  });

  it('accepts fields and enum values that v1 may add later (the contract lets v1 grow additively)', () => {
    const event = exampleEvent();
    event.data.paymentMethodTypes = ['crypto', 'bank_transfer'];
    event.data.newField = { anything: true };
    event.deliveryAttempt = 3;
    expect(verifyAt(signDelivery(event, { timestampSeconds: nowSeconds })).data).toMatchObject({ newField: { anything: true } });
  });
});

describe('verifyCallback refuses a tampered or wrongly signed delivery (bad_signature)', () => {
  const delivery = signDelivery(exampleEvent(), { timestampSeconds: nowSeconds });
  const cases: Array<[string, { payload: string; headers: Record<string, string> }]> = [
    ['a changed body', { ...delivery, payload: delivery.payload.replace('"25.00"', '"0.01"') }],
    ['a body re-serialized with other spacing', { ...delivery, payload: JSON.stringify(JSON.parse(delivery.payload), null, 2) }],
    ['another webhook-id', { ...delivery, headers: { ...delivery.headers, 'webhook-id': 'msg_someOtherEvent0001' } }],
    ['a moved webhook-timestamp', { ...delivery, headers: { ...delivery.headers, 'webhook-timestamp': String(nowSeconds - 1) } }],
    ['a signature made with another secret', signDelivery(exampleEvent(), { timestampSeconds: nowSeconds, signWith: otherSecret })],
    [
      'a signature of another scheme version',
      { ...delivery, headers: { ...delivery.headers, 'webhook-signature': delivery.headers['webhook-signature'].replace('v1,', 'v2,') } },
    ],
    ['garbage in webhook-signature', { ...delivery, headers: { ...delivery.headers, 'webhook-signature': 'not-a-signature' } }],
  ];

  it.each(cases)('%s', (_, tampered) => {
    const error = refusal(() => verifyAt(tampered));
    expect({ ...error }).toEqual({ name: 'CallbackVerificationError', code: 'bad_signature' });
    expect(error.message).toMatch(/raw request body/);
  });
});

describe('verifyCallback refuses a delivery outside the time window', () => {
  it('a timestamp more than 5 minutes old is stale (a replay), exactly 5 minutes is still accepted', () => {
    expect(verifyAt(signDelivery(exampleEvent(), { timestampSeconds: nowSeconds - 300 })).type).toBe('checkout.completed');
    const error = refusal(() => verifyAt(signDelivery(exampleEvent(), { timestampSeconds: nowSeconds - 301 })));
    expect(error.code).toBe('stale_timestamp');
    // One class; the details of its code are its only other own fields.
    expect({ ...error }).toEqual({
      name: 'CallbackVerificationError',
      code: 'stale_timestamp',
      timestamp: nowSeconds - 301,
      now: nowSeconds,
    });
    expect(error.message).toContain('301 s ago');
  });

  it('a timestamp more than 5 minutes ahead is from the future, exactly 5 minutes is still accepted', () => {
    expect(verifyAt(signDelivery(exampleEvent(), { timestampSeconds: nowSeconds + 300 })).type).toBe('checkout.completed');
    const error = refusal(() => verifyAt(signDelivery(exampleEvent(), { timestampSeconds: nowSeconds + 301 })));
    expect(error.code).toBe('future_timestamp');
  });

  it('uses the real clock when no `now` is given', () => {
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const error = refusal(() => verifyCallback({ ...signDelivery(exampleEvent(), { timestampSeconds: hourAgo }), secret }));
    expect(error.code).toBe('stale_timestamp');
  });

  it('honours a custom tolerance', () => {
    const delivery = signDelivery(exampleEvent(), { timestampSeconds: nowSeconds - 60 });
    expect(refusal(() => verifyAt(delivery, { toleranceSeconds: 30 })).code).toBe('stale_timestamp');
    expect(verifyAt(delivery, { toleranceSeconds: 60 }).type).toBe('checkout.completed');
  });

  it('checks the signature before the time: a forged stale delivery is a bad signature, not a replay', () => {
    const forged = signDelivery(exampleEvent(), { timestampSeconds: nowSeconds - 3600, signWith: otherSecret });
    expect(refusal(() => verifyAt(forged)).code).toBe('bad_signature');
  });
});

describe('verifyCallback refuses missing or malformed headers', () => {
  const delivery = signDelivery(exampleEvent(), { timestampSeconds: nowSeconds });

  it.each(['webhook-id', 'webhook-timestamp', 'webhook-signature'])('without %s (missing_headers)', (name) => {
    const headers = { ...delivery.headers };
    delete headers[name as keyof typeof headers];
    const error = refusal(() => verifyAt({ payload: delivery.payload, headers }));
    expect(error.code).toBe('missing_headers');
    expect(error.missing).toEqual([name]);
    expect(error.message).toContain(name);
  });

  it('names every missing header at once', () => {
    const error = refusal(() => verifyAt({ payload: delivery.payload, headers: { 'content-type': 'application/json' } }));
    expect(error.missing).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
  });

  it.each(['', '17952541.5', '-1795254127', '1795254127abc', '9999999999999'])(
    'a webhook-timestamp of "%s" is refused as missing or malformed',
    (timestamp) => {
      const error = refusal(() =>
        verifyAt({ payload: delivery.payload, headers: { ...delivery.headers, 'webhook-timestamp': timestamp } }),
      );
      expect(error.code).toBe(timestamp === '' ? 'missing_headers' : 'malformed_headers');
    },
  );

  it('a header sent twice (an array in Node, two entries) is malformed, and the message says so', () => {
    const headers = { ...delivery.headers, 'webhook-id': [delivery.headers['webhook-id'], 'msg_duplicate0001'] };
    const error = refusal(() => verifyAt({ payload: delivery.payload, headers }));
    expect(error.code).toBe('malformed_headers');
    expect(error.message).toBe(
      "The callback's Standard Webhooks headers are malformed: webhook-id was sent 2 times; a delivery carries it once.",
    );
    const entries = [...Object.entries(delivery.headers), ['Webhook-Id', 'msg_duplicate0001'] as const];
    expect(refusal(() => verifyAt({ payload: delivery.payload, headers: entries })).message).toContain('webhook-id was sent 2 times');
  });

  it('a numeric webhook-timestamp gets a message about the timestamp, not "sent more than once"', () => {
    const headers = { ...delivery.headers, 'webhook-timestamp': nowSeconds } as unknown as Record<string, string>;
    const error = refusal(() => verifyAt({ payload: delivery.payload, headers }));
    expect(error.code).toBe('malformed_headers');
    expect(error.message).toBe(
      "The callback's Standard Webhooks headers are malformed: webhook-timestamp is the number 1795254127, not text; " +
        'pass the headers as received, where every value is a string.',
    );
  });

  it.each([null, 'webhook-id: msg_1', 42])('headers of %j are a TypeError that names the shapes it takes', (headers) => {
    expect(() => verifyAt({ payload: delivery.payload, headers })).toThrow(
      new TypeError(
        'verifyCallback: headers must be the request headers: a Headers object, a Map, [name, value] entries or a plain record such as ' +
          'req.headers.',
      ),
    );
  });
});

describe('verifyCallback refuses a genuine delivery whose body is not a checkout event', () => {
  const malformed: Array<[string, unknown]> = [
    ['a body that is not JSON', '{"type": "checkout.completed", '],
    ['an empty body', ''],
    ['a JSON array', [exampleEvent()]],
    ['a JSON string', 'checkout.completed'],
    ['no type', { ...exampleEvent(), type: undefined }],
    ['a numeric type', { ...exampleEvent(), type: 1 }],
    ['no timestamp', { ...exampleEvent(), timestamp: undefined }],
    ['a timestamp that is not RFC 3339', { ...exampleEvent(), timestamp: '21/11/2026 09:42' }],
    ['a timestamp as a number', { ...exampleEvent(), timestamp: 1795254127 }],
    ['an impossible date', { ...exampleEvent(), timestamp: '2026-13-45T99:00:00Z' }],
    ['no data', { ...exampleEvent(), data: undefined }],
    ['data as an array', { ...exampleEvent(), data: [] }],
    ['data without an id', { ...exampleEvent(), data: { ...exampleEvent().data, id: undefined } }],
    ['a checkout that is still open', { ...exampleEvent(), data: { ...exampleEvent().data, status: 'open' } }],
  ];

  it.each(malformed)('%s (malformed_body)', (_, body) => {
    const payload = typeof body === 'string' && !body.startsWith('checkout') ? body : JSON.stringify(body);
    const error = refusal(() => verifyAt(signDelivery(payload, { timestampSeconds: nowSeconds })));
    expect(error.code).toBe('malformed_body');
  });

  it('an event type this version does not know is its own error, to acknowledge and ignore', () => {
    const delivery = signDelivery({ ...exampleEvent(), type: 'checkout.refunded' }, { timestampSeconds: nowSeconds });
    const error = refusal(() => verifyAt(delivery));
    expect(error.code).toBe('unknown_event_type');
    expect(error.eventType).toBe('checkout.refunded');
    expect(error.message).toMatch(/acknowledge/);
  });
});

describe('verifyCallback misuse and secrecy', () => {
  it('a parsed body instead of the raw one is a TypeError that says why', () => {
    const delivery = signDelivery(exampleEvent(), { timestampSeconds: nowSeconds });
    expect(() => verifyCallback({ ...delivery, payload: JSON.parse(delivery.payload), secret, now })).toThrow(
      /raw request body as a string or Buffer/,
    );
  });

  it.each(['', 'whsec_', 'whsec_!!!not base64!!!', 42])('a signing secret of %j is a TypeError that does not repeat it', (badSecret) => {
    const delivery = signDelivery(exampleEvent(), { timestampSeconds: nowSeconds });
    let thrown: unknown;
    try {
      verifyCallback({ ...delivery, secret: badSecret as string, now });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect(thrown).not.toBeInstanceOf(CallbackVerificationError);
    expect((thrown as Error).message).toMatch(/whsec_/);
    if (typeof badSecret === 'string' && badSecret.length > 6) expect(inspect(thrown)).not.toContain(badSecret.slice(6));
  });

  it.each([
    ['bare base64, without the prefix', secret.slice('whsec_'.length), 'secret does not start with "whsec_"'],
    ['an API key', 'sk_sandbox_canary0123456789', 'secret does not start with "whsec_"'],
    ['the prefix alone', 'whsec_', 'secret has nothing after "whsec_"'],
    ['not base64 after the prefix', 'whsec_!!!not base64!!!', 'secret is not valid base64 after "whsec_"'],
    ['a number', 42, 'secret is a number, not a string'],
    ['missing', undefined, 'secret is missing'],
  ])('a secret that is %s is refused as a misuse, even when the signature would match', (_name, badSecret, reason) => {
    const delivery = signDelivery(exampleEvent(), { timestampSeconds: nowSeconds });
    const shape = 'the callback signing secret whole, "whsec_" followed by base64, as the sandbox or the service gave it';
    const misuse = new TypeError(`verifyCallback: ${reason}; pass ${shape}.`);
    expect(() => verifyCallback({ ...delivery, secret: badSecret as string, now })).toThrow(misuse);
  });

  it('no refusal carries the secret, and every refusal has its own code', () => {
    const good = signDelivery(exampleEvent(), { timestampSeconds: nowSeconds });
    const refusals = [
      refusal(() => verifyAt({ ...good, payload: `${good.payload} ` })),
      refusal(() => verifyAt(signDelivery(exampleEvent(), { timestampSeconds: nowSeconds - 999 }))),
      refusal(() => verifyAt(signDelivery(exampleEvent(), { timestampSeconds: nowSeconds + 999 }))),
      refusal(() => verifyAt({ payload: good.payload, headers: {} })),
      refusal(() => verifyAt({ payload: good.payload, headers: { ...good.headers, 'webhook-timestamp': 'soon' } })),
      refusal(() => verifyAt(signDelivery('nope', { timestampSeconds: nowSeconds }))),
      refusal(() => verifyAt(signDelivery({ ...exampleEvent(), type: 'x.y' }, { timestampSeconds: nowSeconds }))),
    ];
    expect(new Set(refusals.map((error) => error.code)).size).toBe(refusals.length);
    const secretBase64 = secret.slice('whsec_'.length);
    for (const error of refusals) {
      expect(inspect(error, { depth: Infinity, showHidden: true })).not.toContain(secretBase64);
      expect(JSON.stringify(error)).not.toContain(secretBase64);
    }
  });
});
