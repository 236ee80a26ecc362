// Rules beyond the schema: every price is in the checkout's currency, compared without regard to case (D8). Runs on
// bodies that may also break the schema, so that one answer names every offending field; it checks only the items
// whose currencies are both strings.
import type { FieldError } from '../../../generated/openapi.js';

export function checkBusinessRules(body: unknown): FieldError[] {
  const request = body as { currency?: unknown; invoice_items?: unknown } | null;
  if (typeof request?.currency !== 'string' || !Array.isArray(request.invoice_items)) return [];
  const currency = request.currency;
  return request.invoice_items.flatMap((item: any, index: number) => {
    const priceCurrency: unknown = item?.price_data?.currency;
    if (typeof priceCurrency !== 'string' || priceCurrency.toLowerCase() === currency.toLowerCase()) return [];
    return [{
      pointer: `/invoice_items/${index}/price_data/currency`,
      detail: `must name the checkout currency "${currency}" (in any case); it is "${priceCurrency}"`,
    }];
  });
}
