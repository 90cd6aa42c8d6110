import type { APIRoute } from 'astro';
import { json, jsonError } from '../../server/http/responses.ts';
import { getAccountTexts } from '../../server/accounts/http.ts';
import { toAccountUser } from '../../server/accounts/customers.ts';
import { requireApiCustomer } from '../../server/accounts/require-customer.ts';
import { getAddressService, getCustomerRepository } from '../../server/accounts/index.ts';

/** POST /ecom/me: the signed-in customer's profile with the active addresses (enderecos). */
export const POST: APIRoute = async (context) => {
  const customer = requireApiCustomer(context);
  if (customer instanceof Response) return customer;
  const row = await getCustomerRepository().findById(customer.id);
  if (!row) return jsonError(401, getAccountTexts(context.locals.locale).c('loginRequired'));
  const enderecos = await getAddressService().listAddresses(customer.id);
  return json({ ...toAccountUser(row), enderecos });
};
