import { toSafeRedirect } from '#lib/safe-redirect.ts';
import type { ApiCall } from '../http/api-call.ts';
import { jsonResult, type ApiResult } from '../http/responses.ts';
import { getPaymentService, getSandboxDeps } from './index.ts';
import { decideSandboxPayment } from './sandbox.ts';

const MAX_BODY_BYTES = 64 * 1024;

/** POST /ecom/pagamentos/webhook/{provider}: gateway notifications. The raw body is what the signature covers: read as text, never re-serialised. */
export async function postWebhook(call: ApiCall): Promise<ApiResult> {
  const rawBody = await call.body.text();
  if (Buffer.byteLength(rawBody) > MAX_BODY_BYTES) return jsonResult(413, { message: 'notification too large' });
  const outcome = await getPaymentService().handleWebhook(call.id, {
    rawBody,
    headers: call.headers,
    query: call.url.searchParams,
  });
  return jsonResult(outcome.status, outcome.body);
}

/**
 * POST /sandbox/pagamento/{reference}/decidir: the hosted page's Approve/Decline; record, notify
 * the shop by webhook, send the shopper back. A form post read as the page's Request, as the
 * cart's add-to-cart form is.
 */
export async function postSandboxDecision({ params, request }: { params: { reference?: string }; request: Request }): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const decision = form?.get('decisao');
  if (decision !== 'approved' && decision !== 'declined') return new Response('decisao must be approved or declined', { status: 400 });
  const row = await decideSandboxPayment(getSandboxDeps(), params.reference ?? '', decision);
  if (!row) return new Response('unknown payment', { status: 404 });
  const target = new URL(row.return_url);
  if (decision === 'declined') target.searchParams.set('recusado', '1');
  return new Response(null, {
    status: 303,
    headers: { location: toSafeRedirect(target.pathname + target.search, '/pedidos'), 'cache-control': 'no-store' },
  });
}
