// GET /checkouts/{id}: a stand-in for the hosted checkout page that `url` points at when CHECKOUT_PAGE_URL is not
// set, so following `url` in a test lands somewhere real. It shows the checkout; paying happens through the
// `complete` helper.
import type { Answer } from '../../http/exchange.js';
import type { RoutedRequest } from '../../http/request-front.js';
import { readRecord } from '../checkout/checkout-store.js';
import { findStoredCheckout } from '../checkout/settle-checkout.js';
import type { SandboxContext } from '../sandbox-context.js';

export function showCheckoutPage(routed: RoutedRequest, context: SandboxContext): Answer {
  const entry = findStoredCheckout(context, routed.id);
  const record = entry ? readRecord(entry) : undefined;
  const body = record
    ? `<h1>Sandbox checkout</h1>
<p>Status: <strong id="status">${escapeHtml(record.status)}</strong></p>
<table>
${record.invoiceItems.map((item) => `<tr><td>${escapeHtml(item.priceData?.productData?.name ?? '')}</td><td>× ${item.quantity}</td><td>${escapeHtml(item.amount)}</td></tr>`).join('\n')}
<tr><th colspan="2">Total</th><th id="total">${escapeHtml(record.amountTotal)} ${escapeHtml(record.currency)}</th></tr>
</table>
<p>This is the sandbox; complete or expire the checkout with the sandbox helpers.</p>`
    : '<h1>Checkout not found</h1><p>The sandbox has no checkout with this id.</p>';
  const html = `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Sandbox checkout</title></head><body>\n${body}\n</body></html>\n`;
  return {
    status: record ? 200 : 404,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'" },
    body: html,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
