// What the mock's front reads from the bundled contract, so no fact is typed twice: the problem types and titles,
// the named request examples, the callback's delivery headers and the HttpUrl schema.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule.default ?? addFormatsModule;

export function readContract(bundleJsonPath) {
  return JSON.parse(readFileSync(bundleJsonPath, 'utf8'));
}

export function resolveRef(contract, node) {
  if (!node || typeof node.$ref !== 'string') return node;
  const path = node.$ref.replace(/^#\//, '').split('/').map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  return resolveRef(contract, path.reduce((value, key) => value?.[key], contract));
}

/** {type, title, status} of a problem, from the first example of `#/components/responses/<name>`. */
export function readProblemTemplate(contract, responseName) {
  const response = contract.components.responses[responseName];
  const media = response?.content?.['application/problem+json'];
  const example = media?.example ?? resolveRef(contract, Object.values(media?.examples ?? {})[0])?.value;
  if (!example) throw new Error(`The contract has no example problem in #/components/responses/${responseName}.`);
  return { type: example.type, title: example.title, status: example.status };
}

/**
 * Every operation with its named JSON request examples, the names its success response can answer with, its JSON
 * request body schema and its header parameters' schemas by lower-case name.
 */
export function listOperations(contract) {
  const operations = [];
  for (const [path, item] of Object.entries(contract.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation !== 'object' || !operation.responses) continue;
      const requestMedia = resolveRef(contract, operation.requestBody)?.content?.['application/json'];
      const requestExamples = Object.entries(requestMedia?.examples ?? {})
        .map(([name, example]) => ({ name, value: resolveRef(contract, example).value }));
      const success = Object.entries(operation.responses).find(([status]) => /^2/.test(status))?.[1];
      const responseExampleNames = Object.keys(resolveRef(contract, success)?.content?.['application/json']?.examples ?? {});
      operations.push({
        method: method.toUpperCase(), path, requestExamples, responseExampleNames, hasCallbacks: Boolean(operation.callbacks),
        requestSchema: requestMedia?.schema,
        headerSchemas: readHeaderSchemas(contract, [...(item.parameters ?? []), ...(operation.parameters ?? [])]),
      });
    }
  }
  return operations;
}

function readHeaderSchemas(contract, parameters) {
  const schemas = {};
  for (const parameter of parameters.map((p) => resolveRef(contract, p))) {
    if (parameter?.in === 'header') schemas[parameter.name.toLowerCase()] = parameter.schema;
  }
  return schemas;
}

/** The header parameters of every callback request, each with the example value the contract gives it. */
export function readCallbackHeaderExamples(contract) {
  const headers = {};
  for (const item of Object.values(contract.paths)) {
    for (const operation of Object.values(item)) {
      for (const callback of Object.values(operation?.callbacks ?? {})) {
        for (const expression of Object.values(resolveRef(contract, callback))) {
          for (const callbackOperation of Object.values(expression)) {
            for (const parameter of callbackOperation.parameters ?? []) {
              const resolved = resolveRef(contract, parameter);
              if (resolved.in === 'header' && resolved.example !== undefined) headers[resolved.name] = String(resolved.example);
            }
          }
        }
      }
    }
  }
  return headers;
}

/** A validator of the contract's HttpUrl schema (what `callback_url` must be). */
export function compileHttpUrlCheck(contract) {
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  return ajv.compile(contract.components.schemas.HttpUrl);
}
