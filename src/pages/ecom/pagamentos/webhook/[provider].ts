import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { postWebhook } from '#server/payments/routes.ts';

/** Gateway notifications (payment routes). */
export const POST: APIRoute = toAstroRoute(postWebhook, 'provider');
