import type { APIRoute } from 'astro';
import { toAstroRoute } from '#server/http/api-call.ts';
import { putAddress } from '#server/addresses/routes.ts';

/** PUT /ecom/cliente/address/{id}: renames, soft-deletes or edits an address. */
export const PUT: APIRoute = toAstroRoute(putAddress);
