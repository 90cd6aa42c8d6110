import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { createAddress, listAddresses } from '#server/addresses/routes.ts';

/** GET /ecom/cliente/address: the customer's active addresses. */
export const GET: APIRoute = toAstroRoute(listAddresses);
/** POST /ecom/cliente/address: adds an address. */
export const POST: APIRoute = toAstroRoute(createAddress);
