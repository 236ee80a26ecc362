// How the body is sent (D3, D14): not as application/json, or JSON in a charset other than UTF-8 → 415; not JSON, an
// empty body and bytes that are not UTF-8 included → 400 malformed-json; over 1 MiB → 413.
// Cases a static mock cannot tell apart (no Content-Type at all, the size limit) run at level full only.

import type { CheckDefinition, CheckId } from '../check-definition.js';
import type { CheckModule, CheckStep, RunInputs } from '../check-module.js';
import type { Level } from '../conformance-config.js';
import type { CheckContext } from './check-context.js';
import { type ExpectedProblem, recordProblem } from './expect-problem.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const REQUEST_FORMAT_CHECKS = [
  {
    name: 'wrong-media-type-rejected',
    level: 'schema',
    source: 'D3',
    title: 'A body not sent as application/json → 415 problem',
    promises: ['errors.statuses', 'errors.415-media-type'],
  },
  {
    name: 'malformed-json-rejected',
    level: 'schema',
    source: 'D3',
    title: 'A body that is not JSON → 400 malformed-json problem',
    promises: ['errors.400-malformed', 'errors.statuses'],
  },
  {
    name: 'oversized-body-rejected',
    level: 'full',
    source: 'D3; D14',
    title: 'A body over 1 MiB → 413 problem',
    promises: ['errors.statuses', 'errors.413-too-large'],
  },
] as const satisfies readonly CheckDefinition[];

interface FormatProbe {
  check: CheckId;
  name: string;
  level: Level;
  body: string;
  /** `latin1`: the body's characters are its bytes (a body that is not UTF-8). */
  bodyEncoding?: 'latin1';
  contentType: string | undefined;
  expected: ExpectedProblem;
}

const ONE_MIB = 1024 * 1024;
const unsupported: ExpectedProblem = { status: 415, slug: 'unsupported-media-type' };
const malformed: ExpectedProblem = { status: 400, slug: 'malformed-json' };

function formatProbes(sample: Record<string, unknown>): FormatProbe[] {
  const json = JSON.stringify(sample);
  // Whitespace is legal JSON, so the oversized body is valid in every way but its size.
  const oversized = `{${' '.repeat(ONE_MIB)}${json.slice(1)}`;
  return [
    {
      check: 'wrong-media-type-rejected',
      name: 'JSON sent as text/plain',
      level: 'schema',
      body: json,
      contentType: 'text/plain',
      expected: unsupported,
    },
    {
      check: 'wrong-media-type-rejected',
      name: 'JSON sent as a form',
      level: 'schema',
      body: json,
      contentType: 'application/x-www-form-urlencoded',
      expected: unsupported,
    },
    {
      check: 'wrong-media-type-rejected',
      name: 'JSON sent as application/xml',
      level: 'schema',
      body: json,
      contentType: 'application/xml',
      expected: unsupported,
    },
    {
      check: 'wrong-media-type-rejected',
      name: 'JSON sent with no Content-Type',
      level: 'full',
      body: json,
      contentType: undefined,
      expected: unsupported,
    },
    {
      check: 'wrong-media-type-rejected',
      name: 'JSON sent as application/json; charset=iso-8859-1',
      level: 'full',
      body: json,
      contentType: 'application/json; charset=iso-8859-1',
      expected: unsupported,
    },
    {
      check: 'malformed-json-rejected',
      name: 'an empty body',
      level: 'full',
      body: '',
      contentType: 'application/json',
      expected: malformed,
    },
    {
      check: 'malformed-json-rejected',
      name: 'a truncated body',
      level: 'schema',
      body: json.slice(0, Math.floor(json.length / 2)),
      contentType: 'application/json',
      expected: malformed,
    },
    {
      // Valid JSON in every way but one byte: 0xFF, which no UTF-8 text holds, in place of a letter of a string value.
      check: 'malformed-json-rejected',
      name: 'JSON with a byte that is not UTF-8 (0xFF) inside a string',
      level: 'full',
      body: json.replace(/"([a-z])/i, '"\u00ff'),
      bodyEncoding: 'latin1',
      contentType: 'application/json',
      expected: malformed,
    },
    {
      check: 'malformed-json-rejected',
      name: 'single-quoted JSON',
      level: 'schema',
      body: json.replace(/"/g, "'"),
      contentType: 'application/json',
      expected: malformed,
    },
    {
      check: 'malformed-json-rejected',
      name: 'trailing characters after the JSON',
      level: 'schema',
      body: `${json} }`,
      contentType: 'application/json',
      expected: malformed,
    },
    {
      check: 'oversized-body-rejected',
      name: `a ${oversized.length}-byte body (limit ${ONE_MIB})`,
      level: 'full',
      body: oversized,
      contentType: 'application/json',
      expected: { status: 413, slug: 'payload-too-large' },
    },
  ];
}

export async function checkRequestFormats(context: CheckContext, sample: Record<string, unknown>): Promise<void> {
  const { recorder, config } = context;
  const probes = formatProbes(sample).filter(
    (probe) => recorder.isActive(probe.check) && (probe.level === 'schema' || config.level === 'full'),
  );
  await context.forEachConcurrently(probes, async (probe) => {
    const exchange = await context.postCreate(probe.body, { 'content-type': probe.contentType }, probe.bodyEncoding);
    recordProblem(context, probe.check, probe.name, exchange, probe.expected);
  });
}

export const REQUEST_FORMAT_MODULE: CheckModule<typeof REQUEST_FORMAT_CHECKS> = { checks: REQUEST_FORMAT_CHECKS, step: requestFormatStep };

function requestFormatStep(context: CheckContext, { first }: RunInputs): CheckStep {
  return { label: 'media type, malformed JSON and size', run: () => checkRequestFormats(context, first) };
}
