import type { APIRoute } from 'astro';
import { toSafeRedirect } from '../../../../lib/safe-redirect.ts';
import { decideSandboxPayment } from '../../../../server/payments/sandbox.ts';
import { getSandboxDeps } from '../../../../server/payments/services.ts';

/** The hosted page's Approve/Decline: record, notify the shop by webhook, send the shopper back. */
export const POST: APIRoute = async ({ params, request }) => {
  const form = await request.formData().catch(() => null);
  const decision = form?.get('decisao');
  if (decision !== 'approved' && decision !== 'declined') return new Response('decisao must be approved or declined', { status: 400 });
  const reference = params.reference ?? '';
  const row = await decideSandboxPayment(getSandboxDeps(), reference, decision);
  if (!row) return new Response('unknown payment', { status: 404 });
  const target = new URL(row.return_url);
  if (decision === 'declined') target.searchParams.set('recusado', '1');
  return new Response(null, { status: 303, headers: { location: toSafeRedirect(target.pathname + target.search, '/pedidos'), 'cache-control': 'no-store' } });
};
