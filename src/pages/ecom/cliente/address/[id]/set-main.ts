import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { setMainAddress } from '#server/addresses/routes.ts';

/** PATCH /ecom/cliente/address/{id}/set-main: makes it the main address. */
export const PATCH: APIRoute = toAstroRoute(setMainAddress);
