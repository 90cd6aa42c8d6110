import type { APIRoute } from 'astro';
import * as z from 'zod/mini';
import { createAddressSchema } from '../../../../lib/contract/accounts.ts';
import { json, jsonError } from '../../../../server/http/responses.ts';
import { getAccountTexts, parseFields, readJsonFields } from '../../../../server/accounts/http.ts';
import { requireApiCustomer } from '../../../../server/accounts/require-customer.ts';
import { getAddressService } from '../../../../server/accounts/index.ts';
import { saveAddress } from '../../../../server/accounts/address-http.ts';
import { toId } from '../../../../lib/contract/input.ts';

const PatchSchema = z.object({
  nome: z.optional(z.string().check(z.maxLength(100))),
  ativo: z.optional(z.boolean()),
});
const PATCH_KEYS = new Set(['nome', 'ativo']);

function readAddressId(value: string | undefined): number | null {
  return toId(value);
}

/**
 * PUT /ecom/cliente/address/{id}: {ativo: false, nome} soft-deletes or renames (the contract);
 * a body with any other address field edits the whole address, validated as on creation.
 * 404 for another customer's id.
 */
export const PUT: APIRoute = async (context) => {
  const customer = requireApiCustomer(context);
  if (customer instanceof Response) return customer;
  const { locale } = context.locals;
  const { t, f } = getAccountTexts(locale);
  const id = readAddressId(context.params.id);
  const body = await readJsonFields(context.request, z.record(z.string(), z.unknown()), locale);
  if (!body.ok) return body.response;
  const notFound = () => jsonError(404, t('not_found'));
  if (id === null) return notFound();
  if (Object.keys(body.data).some((key) => !PATCH_KEYS.has(key))) {
    const fields = parseFields(createAddressSchema(f), body.data, locale);
    if (!fields.ok) return fields.response;
    return saveAddress(locale, fields.data, (input) => getAddressService().editAddress(customer.id, id, input));
  }
  const patch = parseFields(PatchSchema, body.data, locale);
  if (!patch.ok) return patch.response;
  const address = await getAddressService().updateAddress(customer.id, id, patch.data);
  return address ? json(address) : notFound();
};
