// The request fields a checkout record echoes, read from the contract: a property of CreateCheckoutRequest whose
// description says "Echoed as `recordField`" is echoed in that field of Checkout, exactly as sent, or null when it
// was not sent (seed: endpoints rule 2; D15). The sentence the reader of the reference sees is the one rule, so adding
// an echoed field is a contract edit and the record rules (checkout-rules.ts) follow it.
import { type OpenApiDocument, resolveRef } from './load-contract.js';

export interface EchoedField {
  /** The request's field (snake_case). */
  request: string;
  /** The record's field that holds it (camelCase). */
  record: string;
  /** Whether the request must send it; an optional one is echoed as null when absent (D15). */
  required: boolean;
}

const ECHOED_AS = /Echoed as\s+`([^`]+)`/;

export function readEchoedFields(contract: OpenApiDocument): EchoedField[] {
  const request = contract.components.schemas.CreateCheckoutRequest as Record<string, any>;
  const record = contract.components.schemas.Checkout as Record<string, any>;
  return Object.entries<unknown>(request.properties).flatMap(([name, property]) => {
    const field = ECHOED_AS.exec(String(resolveRef(contract, property)?.description ?? ''))?.[1];
    if (field === undefined) return [];
    if (!(field in record.properties)) {
      throw new Error(`CreateCheckoutRequest.${name} says it is echoed as \`${field}\`, which Checkout does not have.`);
    }
    return [{ request: name, record: field, required: (request.required ?? []).includes(name) }];
  });
}
