import type { APIRoute } from 'astro';
import { postWebhook } from '#server/payments/routes.ts';

/** Gateway notifications (payment routes). */
export const POST: APIRoute = (context) => postWebhook(context);
