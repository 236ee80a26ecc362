// How the body is sent (D3, D14): not as application/json, or JSON in a charset other than UTF-8 → 415; not JSON, an
// empty body included → 400 malformed-json; over 1 MiB → 413.
// Cases a static mock cannot tell apart (no Content-Type at all, the size limit) run at level full only.
import type { CheckName } from '../check-catalog.js';
import type { Level } from '../conformance-config.js';
import type { CheckContext } from './check-context.js';
import { type ExpectedProblem, recordProblem } from './expect-problem.js';

interface FormatProbe {
  check: CheckName;
  name: string;
  level: Level;
  body: string;
  contentType: string | undefined;
  expected: ExpectedProblem;
}

const ONE_MIB = 1024 * 1024;
const unsupported: ExpectedProblem = { status: 415, slug: 'unsupported-media-type' };
const malformed: ExpectedProblem = { status: 400, slug: 'malformed-json' };

export function formatProbes(sample: Record<string, unknown>): FormatProbe[] {
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
    const exchange = await context.postCreate(probe.body, { 'content-type': probe.contentType });
    recordProblem(context, probe.check, probe.name, exchange, probe.expected);
  });
}
