import type { APIRoute } from 'astro';
import * as z from 'zod/mini';
import { json, jsonError } from '../../../../server/http/responses.ts';
import { getAccountTexts, parseFields } from '../../../../server/accounts/http.ts';
import { requireApiCustomer } from '../../../../server/accounts/require-customer.ts';
import { getAddressService } from '../../../../server/accounts/services.ts';

const PatchSchema = z.object({
  nome: z.optional(z.string().check(z.maxLength(100))),
  ativo: z.optional(z.boolean()),
});

function readAddressId(value: string | undefined): number | null {
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/** PUT /ecom/cliente/address/{id} {ativo: false, nome}: soft delete or rename; 404 for others' ids. */
export const PUT: APIRoute = async (context) => {
  const customer = requireApiCustomer(context);
  if (customer instanceof Response) return customer;
  const { locale } = context.locals;
  const { t, c } = getAccountTexts(locale);
  const id = readAddressId(context.params.id);
  if (!/^application\/json\b/i.test(context.request.headers.get('content-type') ?? '')) {
    return jsonError(415, c('unsupportedMediaType'));
  }
  const body: unknown = await context.request.json().catch(() => null);
  const parsed = parseFields(PatchSchema, body ?? {}, locale);
  if (!parsed.ok) return parsed.response;
  const address = id === null ? null : await getAddressService().updateAddress(customer.id, id, parsed.data);
  if (!address) return jsonError(404, t('not_found'));
  return json(address);
};
