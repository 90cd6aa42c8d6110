import type { APIRoute } from 'astro';
import { createAddressSchema } from '../../../../lib/contract/accounts.ts';
import { json } from '../../../../server/http/responses.ts';
import { getAccountTexts, readJsonFields } from '../../../../server/accounts/http.ts';
import { requireApiCustomer } from '../../../../server/accounts/require-customer.ts';
import { getAddressService } from '../../../../server/accounts/index.ts';
import { saveAddress } from '../../../../server/accounts/address-http.ts';

/** GET /ecom/cliente/address: the customer's active addresses, main first (checkout chooser). */
export const GET: APIRoute = async (context) => {
  const customer = requireApiCustomer(context);
  if (customer instanceof Response) return customer;
  return json({ data: await getAddressService().listAddresses(customer.id) });
};

/** POST /ecom/cliente/address: adds an address (Brazilian mode with CEP, or Paraguayan with ids). */
export const POST: APIRoute = async (context) => {
  const customer = requireApiCustomer(context);
  if (customer instanceof Response) return customer;
  const { locale } = context.locals;
  const parsed = await readJsonFields(context.request, createAddressSchema(getAccountTexts(locale).f), locale);
  if (!parsed.ok) return parsed.response;
  const addresses = getAddressService();
  return saveAddress(locale, parsed.data, (input) => addresses.createAddress(customer.id, input), 201);
};
