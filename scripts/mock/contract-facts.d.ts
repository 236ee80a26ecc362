export interface ContractOperation {
  method: string;
  path: string;
  requestExamples: Array<{ name: string; value: unknown }>;
  responseExampleNames: string[];
  hasCallbacks: boolean;
  requestSchema: unknown;
  headerSchemas: Record<string, unknown>;
}
export function readContract(bundleJsonPath: string): any;
export function resolveRef(contract: unknown, node: unknown): any;
export function readProblemTemplate(contract: unknown, responseName: string): { type: string; title: string; status: number };
export function listOperations(contract: unknown): ContractOperation[];
export function readCallbackHeaderExamples(contract: unknown): Record<string, string>;
export function compileHttpUrlCheck(contract: unknown): (value: unknown) => boolean;
