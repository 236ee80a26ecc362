import type { ContractOperation } from './contract-facts.js';
export const UNDESCRIBED_FORMAT: string;
export function createPatternDescriber(contract: unknown, operation: ContractOperation | undefined): (location: string[]) => string;
export function createPatternComponentFinder(
  contract: unknown,
  operation: ContractOperation | undefined,
): (location: string[]) => string | undefined;
export function describePatternViolation(contract: unknown, schema: unknown, segments: string[]): string;
