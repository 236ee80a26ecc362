// The generated types file: marked as generated, and one readable alias per schema of the contract.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../src/contract/load-contract.js';

// scripts/ is plain JS without declarations; the notice is read from it rather than copied here.
const generatedDirModule = '../../scripts/generated-dir.js';
const { GENERATED_NOTICE } = (await import(generatedDirModule)) as { GENERATED_NOTICE: string };

const typesFile = readFileSync('generated/openapi.d.ts', 'utf8');

describe('generated/openapi.d.ts', () => {
  it('opens with the generated-file notice', () => {
    expect(typesFile.split('\n').slice(0, 3).join('\n')).toContain(GENERATED_NOTICE);
  });

  it('exports paths, components and operations', () => {
    for (const name of ['paths', 'components', 'operations']) expect(typesFile).toMatch(new RegExp(`^export interface ${name} \\{`, 'm'));
  });

  it.each(Object.keys(loadContract().components.schemas))('exports the schema %s under its own name', (name) => {
    expect(typesFile).toContain(`export type ${name} = components['schemas']['${name}'];`);
  });
});
