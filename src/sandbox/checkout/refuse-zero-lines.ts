// The sandbox's choice where the contract lets a service choose (D29): an invoice item whose amount rounds to 0.00 at
// the record's two decimal places is refused, `422` with `too_small` on its `unit_amount`, rather than made into a
// line, or a whole checkout, that charges nothing without a word (issue 30: 7 × 0.00012345 BTC totalled "0.00").
import type { Checkout, FieldError } from '../../../generated/openapi.js';

/** A field error for each item of `record` whose amount is 0.00; none when every line charges something. */
export function findLinesRoundingToZero(record: Checkout): FieldError[] {
  return record.invoiceItems.flatMap((item, index) => {
    if (item.amount !== '0.00' || !item.priceData) return [];
    const { unitAmount, currency } = item.priceData;
    return [
      {
        pointer: `/invoice_items/${index}/price_data/unit_amount`,
        code: 'too_small',
        detail:
          `This line, ${item.quantity} × ${unitAmount} ${currency}, rounds to 0.00 ${record.currency} at the record's two ` +
          'decimal places (D29); the sandbox refuses a line that charges nothing: raise unit_amount or quantity.',
      },
    ];
  });
}
