import type { IncomingMessage } from 'node:http';
import type { ContractOperation } from './contract-facts.js';
export const MAX_FORWARDED_DEPTH: number;
export interface Refusal {
  problem: { type: string; title: string; status: number; detail: string };
  headers: Record<string, string>;
}
export type RequestVerdict = { refusal: Refusal } | { refusal?: undefined; value?: unknown; body: Buffer };
export function createRequestChecks(problems: unknown): (request: {
  operation: ContractOperation | undefined;
  request: IncomingMessage;
  body: Buffer;
  tooLarge: boolean;
}) => RequestVerdict;
export function describeCredentialsProblem(values: string[] | undefined, scheme?: string, schemePattern?: RegExp): string | undefined;
export function isAcceptedMediaType(contentType: string | undefined, accepted: string[]): boolean;
export function parseJsonBody(body: Buffer): { ok: true; value: unknown } | { ok: false; reason: string };
export function cutDeeperThan<T>(value: T, maxDepth: number): T;
