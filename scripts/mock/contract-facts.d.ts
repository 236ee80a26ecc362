export interface ContractOperation {
  method: string;
  path: string;
  /** Matches the request paths this operation serves. */
  pathPattern: RegExp;
  requestExamples: Array<{ name: string; value: unknown }>;
  responseExampleNames: string[];
  hasCallbacks: boolean;
  requestSchema: unknown;
  /** The request body's media types, lower-case; empty when the operation takes no body. */
  requestMediaTypes: string[];
  headerSchemas: Record<string, unknown>;
  /** The lower-case name of the API key header the operation requires, if it requires one. */
  apiKeyHeader: string | undefined;
  /** The WWW-Authenticate value of the operation's 401 answer, if the contract declares one. */
  authChallenge: string | undefined;
}
export function readContract(bundleJsonPath: string): any;
export function resolveRef(contract: unknown, node: unknown): any;
export function readProblemTemplate(contract: unknown, responseName: string): { type: string; title: string; status: number };
export function listOperations(contract: unknown): ContractOperation[];
export function readCallbackHeaderExamples(contract: unknown): Record<string, string>;
export function readRequestIdExample(contract: unknown): string | undefined;
export function readFieldErrorCodes(contract: unknown): string[] | undefined;
export function compileHttpUrlCheck(contract: unknown): (value: unknown) => boolean;
