// The contract as the servers use it: one value, made once at each entry (the mock's and the sandbox's bins, the
// testing kit's createFetchSandbox and startSandbox, the conformance kit's run-cli.ts) from the bundle (loadContractValue, or createContract for a
// bundle the entry reads itself), and passed down. It holds the compiled validators and every fact the servers read
// (contract-facts.ts): the operations, the problem templates, the header rules, the request-body describers, the
// Request-Id's form, the field error codes and the HttpUrl check. Everything is compiled here, when the value is made,
// never per request and never when a module is imported; a value is made once per document, so a test suite that
// makes a fetch sandbox per test compiles the schemas once.
import { randomUUID } from 'node:crypto';
import { type ContractValidators, createContractValidators } from './compile-schemas.js';
import {
  type ContractOperation,
  createRequestIdMaker,
  listOperations,
  type ProblemTemplate,
  readCallbackHeaderExamples,
  readFieldErrorCodes,
  readProblemTemplates,
} from './contract-facts.js';
import { compileBodyDescriber, type DescribeBody } from './describe-body.js';
import { loadContract, type OpenApiDocument } from './load-contract.js';
import { oncePer } from './once-per.js';

/** A header checked against its schema, over every line of it: true when it breaks the schema (see compileHeaderRule). */
export type HeaderRule = (lines: readonly string[] | undefined) => boolean;

/** The create operation's Idempotency-Key rule and the 422 detail that states it. */
export interface IdempotencyKeyRule {
  isBad: HeaderRule;
  detail: string;
}

/** One operation with its rules compiled: its request body's describer and its header rules. */
export interface CompiledOperation extends ContractOperation {
  /** The field errors of a request body; undefined when the operation declares no JSON body schema. */
  describeBody: DescribeBody | undefined;
  /** Each header parameter's rule, by lower-case name. */
  headerRules: ReadonlyMap<string, HeaderRule>;
}

export interface Contract {
  /** The bundled document the value was made from (generated/openapi.json, or a test's copy of it). */
  readonly document: OpenApiDocument;
  readonly validators: ContractValidators;
  /** Every operation, in the contract's order, with its rules compiled. */
  readonly operations: readonly CompiledOperation[];
  /** The operation named `operationId`; throws when the contract has none, so a server fails at start-up. */
  operation(operationId: string): CompiledOperation;
  /** Every problem type the contract gives an example of, by its slug. */
  readonly problemTemplates: ReadonlyMap<string, ProblemTemplate>;
  /** The createCheckout operation's Idempotency-Key rule; undefined when it declares no such header. */
  readonly idempotencyKey: IdempotencyKeyRule | undefined;
  /** The codes a FieldError may carry; undefined when the contract's FieldError has no `code`. */
  readonly fieldErrorCodes: readonly string[] | undefined;
  /** The header parameters of every callback request, each with its example value. */
  readonly callbackHeaderExamples: Readonly<Record<string, string>>;
  /** A fresh Request-Id shaped like the contract's example (D2), or `urn:uuid:<uuid>` when it gives none. */
  newRequestId(): string;
  /** Whether a value is what the contract's HttpUrl schema (a `callback_url`) accepts. */
  isHttpUrl(value: unknown): boolean;
}

/** The contract value of `document`, made on the first call for it and the same value after. */
export const createContract: (document: OpenApiDocument) => Contract = oncePer(compileContract);

/** The package's own contract value (generated/openapi.json): for an entry, which makes it once and passes it down. */
export function loadContractValue(): Contract {
  return createContract(loadContract());
}

function compileContract(document: OpenApiDocument): Contract {
  const validators = createContractValidators(document);
  const operations = listOperations(document).map(
    (operation): CompiledOperation => ({
      ...operation,
      describeBody: operation.requestSchema === undefined ? undefined : compileBodyDescriber(document, operation.requestSchema, validators),
      headerRules: new Map(Object.entries(operation.headerSchemas).map(([name, schema]) => [name, compileHeaderRule(validators, schema)])),
    }),
  );
  const operation = (operationId: string) => {
    const found = operations.find((candidate) => candidate.operationId === operationId);
    if (!found) throw new Error(`The contract has no operation "${operationId}".`);
    return found;
  };
  const validateHttpUrl = validators.validatorFor('HttpUrl');
  return {
    document,
    validators,
    operations,
    operation,
    problemTemplates: readProblemTemplates(document),
    idempotencyKey: readIdempotencyKeyRule(operations),
    fieldErrorCodes: readFieldErrorCodes(document),
    callbackHeaderExamples: readCallbackHeaderExamples(document),
    newRequestId: createRequestIdMaker(document) ?? (() => `urn:uuid:${randomUUID()}`),
    isHttpUrl: (value) => validateHttpUrl(value),
  };
}

/**
 * A check of one header against its contract schema, over every line of it as headersDistinct gives them: true when
 * the header breaks the schema. An absent header (undefined) passes; two lines fail whatever they hold, since the
 * value they mean is unclear.
 */
export function compileHeaderRule(validators: ContractValidators, schema: unknown): HeaderRule {
  const validate = validators.ajv.compile(schema as object);
  return (lines) => lines !== undefined && (lines.length !== 1 || !validate(lines[0]));
}

// The create operation's Idempotency-Key rule: one rule, and one wording of it, for the mock and the sandbox.
function readIdempotencyKeyRule(operations: readonly CompiledOperation[]): IdempotencyKeyRule | undefined {
  const create = operations.find((candidate) => candidate.operationId === 'createCheckout');
  const isBad = create?.headerRules.get('idempotency-key');
  if (!create || !isBad) return undefined;
  const { minLength, maxLength } = create.headerSchemas['idempotency-key'] as { minLength?: number; maxLength?: number };
  return {
    isBad,
    detail: `The Idempotency-Key header must be one value of ${minLength} to ${maxLength} visible ASCII characters, such as a UUID.`,
  };
}
