import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { postResendMail } from '#server/order-desk/routes.ts';

/** POST: queues again an e-mail the order has sent (audited), JSON or the timeline's form. */
export const POST: APIRoute = toAstroRoute(postResendMail, 'number');
