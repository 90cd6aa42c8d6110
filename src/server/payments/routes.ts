import { toSafeRedirect } from '#lib/safe-redirect.ts';
import { json } from '../http/responses.ts';
import { getPaymentService, getSandboxDeps } from './index.ts';
import { decideSandboxPayment } from './sandbox.ts';

const MAX_BODY_BYTES = 64 * 1024;

/** POST /ecom/pagamentos/webhook/{provider}: gateway notifications. The raw body is what the signature covers: read as text, never re-serialised. */
export async function postWebhook({
  params,
  request,
  url,
}: {
  params: { provider?: string };
  request: Request;
  url: URL;
}): Promise<Response> {
  const rawBody = await request.text();
  if (Buffer.byteLength(rawBody) > MAX_BODY_BYTES) return json({ message: 'notification too large' }, { status: 413 });
  const outcome = await getPaymentService().handleWebhook(params.provider ?? '', {
    rawBody,
    headers: request.headers,
    query: url.searchParams,
  });
  return json(outcome.body, { status: outcome.status });
}

/** POST /sandbox/pagamento/{reference}/decidir: the hosted page's Approve/Decline; record, notify the shop by webhook, send the shopper back. */
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
