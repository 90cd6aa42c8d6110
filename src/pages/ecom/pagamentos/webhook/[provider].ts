import type { APIRoute } from 'astro';
import { json } from '../../../../server/http/responses.ts';
import { getPaymentService } from '../../../../server/payments/services.ts';

const MAX_BODY_BYTES = 64 * 1024;

/** Gateway notifications. The raw body is what the signature covers: it is read as text, never re-serialised. */
export const POST: APIRoute = async ({ params, request, url }) => {
  const rawBody = await request.text();
  if (Buffer.byteLength(rawBody) > MAX_BODY_BYTES) return json({ message: 'notification too large' }, { status: 413 });
  const outcome = await getPaymentService().handleWebhook(params.provider ?? '', { rawBody, headers: request.headers, query: url.searchParams });
  return json(outcome.body, { status: outcome.status });
};
