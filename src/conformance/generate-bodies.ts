// Generated request bodies, seeded so a run can be repeated exactly (--seed). Valid variants are drawn from the
// contract's request schema (schema-arbitrary.ts: its lengths, counts, bounds, patterns and required fields), with
// the codes the contract's samples show the service accepting, in any case and mixed freely across the checkout, its
// prices and the payment (D8, D9), and URLs on hosts that are never called. Invalid bodies break one spot of a valid
// variant; the contract's compiled request validator decides what counts as invalid and which field it names, so
// nothing here re-types a rule.

import type { ErrorObject, ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { blamedPointer, URL_COMPONENT } from '../contract/field-errors.js';
import type { OpenApiDocument } from '../contract/load-contract.js';
import type { SampleCodes } from './contract-samples.js';
import {
  casingsOf,
  type RequestBounds,
  readRequestBounds,
  requestBodyArbitrary,
  safeUrlArbitrary,
  withPricesMostlyInCheckoutCurrency,
} from './schema-arbitrary.js';

export interface GeneratedBody {
  name: string;
  body: Record<string, unknown>;
}

export interface GeneratedInvalidBody {
  name: string;
  body: unknown;
  /** JSON Pointers the contract's validator blames, as both servers blame them (blamedPointer). */
  pointers: string[];
}

/** The request schema's bodies, with the samples' codes (D8, D9) and safe hosts as the kit's choices. */
function validBody(codes: SampleCodes, contract: OpenApiDocument) {
  return withPricesMostlyInCheckoutCurrency(
    requestBodyArbitrary(contract, {
      CurrencyCode: fc.constantFrom(...codes.currencies).chain(casingsOf),
      CryptoPaymentMethodDetail: fc
        .constantFrom(...codes.paymentPairs)
        .chain(({ currency, network }) => fc.record({ currency: casingsOf(currency), network: casingsOf(network) })),
      [URL_COMPONENT]: safeUrlArbitrary(),
    }),
  );
}

/** Boundary bodies worth sending on every run: rounding half-up where a float or banker's rounding goes wrong,
 *  the largest amounts and quantities (where too few significant digits round twice), the most items, and prices
 *  in another currency than the checkout's next to prices in it (converted, yet amountTotal = Σ amount). */
function boundaryBodies({ largestUnitAmount: largest, maxQuantity, maxItems, maxUrlLength }: RequestBounds): GeneratedBody[] {
  // A price whose product with one quantity short of the largest rounds exactly at a half cent's last digit.
  const halfCentProbe = `${largest.split('.')[0]}.99510001`;
  const item = (unit_amount: string, quantity: number, currency = 'usdt') => ({
    price_data: { product_data: { name: `item ${unit_amount}` }, currency, unit_amount },
    quantity,
  });
  const body = (items: unknown[], currency = 'usdt') => ({ currency, invoice_items: items });
  return [
    { name: 'boundary: half-up rounding (1.005, 0.125, 2.675)', body: body([item('1.005', 1), item('0.125', 1), item('2.675', 1)]) },
    {
      name: 'boundary: sub-cent prices summed per item (0.00012 × 100, 0.333 × 3)',
      body: body([item('0.00012', 100), item('0.333', 3)]),
    },
    {
      // D29: the contract documents both answers, the record with amount 0.00 (D13) or 422 too_small on the line.
      name: 'boundary: a line that rounds to 0.00 (7 × 0.00012345 next to 10): its record, or 422 too_small on it',
      body: body([item('10', 1), item('0.00012345', 7)]),
    },
    { name: `boundary: largest unit_amount × largest quantity (${largest} × ${maxQuantity})`, body: body([item(largest, maxQuantity)]) },
    {
      name: `boundary: a product of the most significant digits (${halfCentProbe} × ${maxQuantity - 1})`,
      body: body([item(halfCentProbe, maxQuantity - 1)]),
    },
    {
      name: `boundary: ${maxItems} items at the largest amount and quantity`,
      body: body(Array.from({ length: maxItems }, () => item(largest, maxQuantity))),
    },
    { name: `boundary: ${maxItems} items of 0.10`, body: body(Array.from({ length: maxItems }, () => item('0.1', 1))) },
    {
      name: 'boundary: prices in the checkout currency and in another (EUR checkout, USD and eur prices)',
      // No line near 0.00 once converted: the rate is the service's, and a line that rounds to 0.00 may be refused (D29).
      body: body([item('49.99', 2, 'USD'), item('0.005', 1, 'eur'), item('0.05', 1, 'USD')], 'EUR'),
    },
    {
      name: 'boundary: the largest amount converted (an eur price on a USD checkout)',
      body: body([item(largest, maxQuantity, 'eur')], 'USD'),
    },
    {
      name: `boundary: URLs at the edges of D14 (an IRI, a query with <, an IPv6 host, ${maxUrlLength} characters)`,
      body: urlEdgeBody(maxUrlLength),
    },
  ];
}

// D14: every HttpUrl is accepted as written, these included; an implementation that answers 422 refuses what the
// contract accepts. The callback_url is on the reserved documentation range, so no callback reaches anyone.
function urlEdgeBody(maxUrlLength: number): GeneratedBody['body'] {
  const longUrl = 'https://shop.example.com/';
  return {
    currency: 'usdt',
    invoice_items: [
      {
        price_data: {
          product_data: { name: 'URL edges', images: ['https://shop.example.com/imäge.png', 'https://bücher.example/cover.png'] },
          currency: 'usdt',
          unit_amount: '1',
        },
        quantity: 1,
      },
    ],
    success_url: 'https://shop.example.com/done?next=<cart>|x',
    cancel_url: `${longUrl}${'a'.repeat(maxUrlLength - longUrl.length)}`,
    callback_url: 'http://[2001:db8::1]:8080/hooks/checkout',
  };
}

export function generateValidBodies(
  seed: number,
  count: number,
  validate: ValidateFunction,
  codes: SampleCodes,
  contract: OpenApiDocument,
): GeneratedBody[] {
  const random = fc
    .sample(validBody(codes, contract), { seed, numRuns: count })
    .map((body, index) => ({ name: `generated #${index + 1} (seed ${seed})`, body }));
  const bodies = [...boundaryBodies(readRequestBounds(contract)), ...random];
  for (const { name, body } of bodies) {
    if (!validate(body)) {
      const errors = JSON.stringify(validate.errors);
      throw new Error(`The generator made an invalid body (${name}); this is a bug in the conformance kit: ${errors}`);
    }
  }
  return bodies;
}

// Ways to break one spot of a body, none tied to a bound (the negative-space walk steps past each bound); the
// validator keeps only the breaks the contract rejects.
const WRONG_VALUES: unknown[] = [null, 12.5, -1, 0, '', true, [], {}, '1e3', ' '];

export function generateInvalidBodies(
  seed: number,
  count: number,
  validate: ValidateFunction,
  codes: SampleCodes,
  contract: OpenApiDocument,
): GeneratedInvalidBody[] {
  const valid = generateValidBodies(seed + 1, count, validate, codes, contract).filter(({ name }) => name.startsWith('generated #'));
  const out: GeneratedInvalidBody[] = [];
  valid.forEach(({ body }, index) => {
    const spots = listPointers(body);
    const [pointerIndex, breakIndex] = fc.sample(fc.tuple(fc.nat(), fc.nat()), { seed: seed + index, numRuns: 1 })[0];
    for (let attempt = 0; attempt < spots.length * 3; attempt += 1) {
      const pointer = spots[(pointerIndex + attempt) % spots.length];
      const broken = breakAt(structuredClone(body), pointer, (breakIndex + attempt) % (WRONG_VALUES.length + 2));
      const pointers = blamedPointers(validate, broken.body);
      if (pointers.length > 0) {
        out.push({ name: `generated invalid #${index + 1}: ${broken.description}`, body: broken.body, pointers });
        return;
      }
    }
  });
  return out;
}

/** The JSON Pointers the contract's validator blames for a body, as both servers blame them (blamedPointer: the
 *  missing or unknown field itself, else the value); empty for a valid body. An unknown field may also be blamed on
 *  the object holding it, as Ajv's own instancePath does: the contract does not say which, so the kit takes both. */
export function blamedPointers(validate: ValidateFunction, body: unknown): string[] {
  if (validate(body)) return [];
  return [...new Set((validate.errors ?? []).flatMap(pointersBlamedFor))];
}

/** The pointers one Ajv error may be blamed on: the field (blamedPointer), and for an unknown field its object too. */
export function pointersBlamedFor({ instancePath, keyword, params }: Pick<ErrorObject, 'instancePath' | 'keyword' | 'params'>): string[] {
  const pointer = blamedPointer({ instancePath, keyword, params });
  return keyword === 'additionalProperties' ? [pointer, instancePath] : [pointer];
}

function listPointers(value: unknown, pointer = ''): string[] {
  if (value === null || typeof value !== 'object') return [pointer];
  const children = Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => listPointers(child, `${pointer}/${key}`));
  return pointer === '' ? children : [pointer, ...children];
}

function breakAt(body: Record<string, unknown>, pointer: string, how: number): { body: unknown; description: string } {
  const keys = pointer.split('/').slice(1);
  const last = keys.pop()!;
  const parent = keys.reduce((node: any, key) => node[key], body) as Record<string, unknown>;
  // Inside an array only a wrong value makes sense; removing or adding a key would leave a hole or vanish.
  if (Array.isArray(parent) && how >= WRONG_VALUES.length) how -= 2;
  if (how === WRONG_VALUES.length) {
    delete parent[last];
    return { body, description: `${pointer} removed` };
  }
  if (how === WRONG_VALUES.length + 1) {
    parent.unexpected_field = 'x';
    return { body, description: `unknown field next to ${pointer}` };
  }
  const wrong = WRONG_VALUES[how];
  parent[last] = structuredClone(wrong);
  const shown = JSON.stringify(wrong);
  return { body, description: `${pointer} set to ${shown.length > 20 ? `${shown.slice(0, 17)}…"` : shown}` };
}
