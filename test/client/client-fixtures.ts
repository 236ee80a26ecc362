// Bodies for the client tests, all taken from the contract's own examples.
import { loadContract } from '../../src/contract/load-contract.js';
import type { Checkout, CreateCheckoutRequest, Problem } from '../../src/index.js';

const contract = loadContract();

export const requestBody = contract.components.examples.CreateCheckoutUsdtOnTron.value as CreateCheckoutRequest;
export const createdCheckout = contract.components.examples.CheckoutUsdtOnTron.value as Checkout;

/** One problem example per error status the contract declares for the create operation. */
export function problemExamples(): Array<[number, Problem]> {
  return Object.values(contract.components.responses).flatMap((response: any) => {
    const media = response.content?.['application/problem+json'];
    if (!media) return [];
    const examples = media.example ? [media.example] : Object.values(media.examples ?? {}).map((e: any) => e.value);
    return examples.map((problem: Problem) => [problem.status, problem] as [number, Problem]);
  });
}

export const json201 = (body: unknown) => ({
  status: 201,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});
