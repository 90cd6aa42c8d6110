import type { APIRoute } from 'astro';
import { createAddress, listAddresses } from '#server/accounts/routes.ts';

/** GET /ecom/cliente/address: the customer's active addresses. */
export const GET: APIRoute = listAddresses;
/** POST /ecom/cliente/address: adds an address. */
export const POST: APIRoute = createAddress;
