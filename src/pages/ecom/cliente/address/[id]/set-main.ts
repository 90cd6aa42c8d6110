import type { APIRoute } from 'astro';
import { json, jsonError } from '../../../../../server/http/responses.ts';
import { getAccountTexts } from '../../../../../server/accounts/http.ts';
import { requireApiCustomer } from '../../../../../server/accounts/require-customer.ts';
import { getAddressService } from '../../../../../server/accounts/index.ts';
import { toId } from '../../../../../lib/contract/input.ts';

/** PATCH /ecom/cliente/address/{id}/set-main: makes it the main address; 404 for others' ids. */
export const PATCH: APIRoute = async (context) => {
  const customer = requireApiCustomer(context);
  if (customer instanceof Response) return customer;
  const { t } = getAccountTexts(context.locals.locale);
  const id = toId(context.params.id);
  const address = id === null ? null : await getAddressService().setMainAddress(customer.id, id);
  if (!address) return jsonError(404, t('not_found'));
  return json(address);
};
