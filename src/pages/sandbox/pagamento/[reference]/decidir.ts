import type { APIRoute } from 'astro';
import { postSandboxDecision } from '#server/payments/routes.ts';

/** The sandbox page's Approve/Decline (payment routes). */
export const POST: APIRoute = (context) => postSandboxDecision(context);
