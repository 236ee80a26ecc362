// The sizes, times and counts README.md and the guides state equal the measurements they come from (bench/results/,
// build outputs), within the rounding each text does. Fast: it reads files only; the benches measure.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../package/packed-package.js';
import { FIGURE, FIGURE_FILES, NOT_MEASURED, STATED_FIGURES, type StatedFigure } from './stated-figures.js';

/** The numbers a figure's pattern finds in its file, or why it finds none. */
function readStated({ file, pattern }: StatedFigure): number[] | string {
  const text = readFileSync(join(projectRoot, file), 'utf8');
  const matches = [...text.matchAll(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`))];
  if (matches.length !== 1) return `${file}: ${pattern} matches ${matches.length} times, not once`;
  return matches[0].slice(1).map((figure) => Number(figure.replace(/[, ]/g, '')));
}

describe('the figures README.md and the guides state', () => {
  for (const figure of STATED_FIGURES) {
    it(`${figure.file}: ${figure.pattern.source.slice(0, 60)}… equals ${figure.source}${figure.tolerance ? ` (± ${figure.tolerance})` : ''}`, () => {
      const stated = readStated(figure);
      expect(typeof stated === 'string' ? stated : stated.length).toBe(figure.measured.length);
      // 1e-9: a figure exactly on the rounding boundary (0.455 written 0.46) is within it, whatever the float error.
      const off = (stated as number[]).flatMap((value, index) =>
        Math.abs(value - figure.measured[index]) > figure.tolerance + 1e-9 ? [`${value} stated, ${figure.measured[index]} measured`] : [],
      );
      expect(off).toEqual([]);
    });
  }

  it('a figure off its measurement, or written twice, is reported', () => {
    const figure = STATED_FIGURES.find((each) => each.file === 'README.md') as StatedFigure;
    expect(readStated({ ...figure, pattern: /Node (\d+)/ })).toMatch(/matches \d+ times, not once$/);
    const stated = readStated(figure) as number[];
    expect(Math.abs(stated[1] - (figure.measured[1] + 10))).toBeGreaterThan(figure.tolerance);
  });
});

describe('every figure of a size, time or count in README.md and the guides', () => {
  it('is a stated figure held to its measurement, or named as not a measurement with why', () => {
    const loose = FIGURE_FILES.flatMap((file) => {
      const text = readFileSync(join(projectRoot, file), 'utf8');
      const spans = [
        ...STATED_FIGURES.filter((figure) => figure.file === file).map((figure) => figure.pattern),
        ...NOT_MEASURED.filter((figure) => figure.file === file).map(
          ({ phrase }) => new RegExp(phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
        ),
        // The table of promises docs/conformance.md renders from the ledger quotes the contract's own words.
        /<!-- promise-ledger:start[\s\S]*?<!-- promise-ledger:end/,
      ].flatMap((pattern) =>
        [...text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))].map((match) => [
          match.index,
          match.index + match[0].length,
        ]),
      );
      return [...text.matchAll(FIGURE)]
        .filter((match) => !spans.some(([start, end]) => match.index >= start && match.index < end))
        .map((match) => `${file}:${text.slice(0, match.index).split('\n').length}: ${match[0]}`);
    });
    expect(loose).toEqual([]);
  });

  it('every phrase of NOT_MEASURED is still in its file, once', () => {
    const missing = NOT_MEASURED.filter(({ file, phrase }) => readFileSync(join(projectRoot, file), 'utf8').split(phrase).length !== 2);
    expect(missing.map(({ file, phrase }) => `${file}: ${phrase}`)).toEqual([]);
  });
});
