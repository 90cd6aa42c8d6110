// The delivery-address endpoints of the contract (/ecom/cliente/address*), framework-free: the
// endpoint files are one-line adapters (decision 0720). Every one needs a signed-in customer and
// finds only that customer's addresses (another's id is 404).
import * as z from 'zod/mini';
import {
  AddressPatchSchema,
  createAddressSchema,
  withAddressCountry,
  type AccountAddress,
  type AddressForm,
} from '#lib/contract/accounts.ts';
import { toId } from '#lib/contract/input.ts';
import { formMessages } from '#lib/i18n/forms.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { parseFields, readJsonFields, requireSignedIn } from '../accounts/index.ts';
import { withDomainErrors as route } from '../http/error-result.ts';
import { jsonResult, readJsonObject, type ApiResult } from '../http/responses.ts';
import { addressError } from './errors.ts';
import { getAddressService } from './index.ts';

/**
 * Saves a validated address form (create or edit) once its city is checked against the
 * reference data: 422 on cidade_id when the city is unknown or outside the state/country,
 * 404 when `write` finds no such address of the customer.
 */
async function saveAddress(
  input: AddressForm,
  write: (resolved: AddressForm) => Promise<AccountAddress | null>,
  status = 200,
): Promise<ApiResult> {
  const resolved = await getAddressService().resolvePlace(input);
  if (!resolved) throw addressError('invalid', 'formInvalidText', { fields: { cidade_id: ['cityInvalid'] } });
  const address = await write(resolved);
  if (!address) throw addressError('not_found', 'not_found');
  return jsonResult(status, address);
}

/** GET /ecom/cliente/address: the customer's active addresses, main first (checkout chooser). */
export const listAddresses = route(async ({ locals }) =>
  jsonResult(200, { data: await getAddressService().listAddresses(requireSignedIn(locals).id) }),
);

/** POST /ecom/cliente/address: adds an address (Brazilian mode with CEP, or Paraguayan with ids). */
export const createAddress = route(async ({ locals, body }) => {
  const customer = requireSignedIn(locals);
  const object = await readJsonObject(body, locals.locale);
  if (!object.ok) return object.result;
  const values = withAddressCountry(object.data, customer.foreignBuyer);
  const parsed = parseFields(createAddressSchema(createTranslator(formMessages, locals.locale)), values, locals.locale);
  if (!parsed.ok) return parsed.result;
  return saveAddress(parsed.data, (input) => getAddressService().createAddress(customer.id, input), 201);
});

/**
 * PUT /ecom/cliente/address/{id}: {ativo: false, nome} soft-deletes or renames (the contract);
 * a body with any other address field edits the whole address, validated as on creation.
 * 404 for another customer's id.
 */
export const putAddress = route(async (call) => {
  const customer = requireSignedIn(call.locals);
  const { locale } = call.locals;
  const id = toId(call.id);
  const body = await readJsonFields(call.body, z.record(z.string(), z.unknown()), locale);
  if (!body.ok) return body.result;
  if (id === null) throw addressError('not_found', 'not_found');
  if (Object.keys(body.data).some((key) => !Object.hasOwn(AddressPatchSchema.shape, key))) {
    const values = withAddressCountry(body.data, customer.foreignBuyer);
    const fields = parseFields(createAddressSchema(createTranslator(formMessages, locale)), values, locale);
    if (!fields.ok) return fields.result;
    return saveAddress(fields.data, (input) => getAddressService().editAddress(customer.id, id, input));
  }
  const patch = parseFields(AddressPatchSchema, body.data, locale);
  if (!patch.ok) return patch.result;
  const address = await getAddressService().updateAddress(customer.id, id, patch.data);
  if (!address) throw addressError('not_found', 'not_found');
  return jsonResult(200, address);
});

/** PATCH /ecom/cliente/address/{id}/set-main: makes it the main address; 404 for others' ids. */
export const setMainAddress = route(async ({ locals, id: rawId }) => {
  const customer = requireSignedIn(locals);
  const id = toId(rawId);
  const address = id === null ? null : await getAddressService().setMainAddress(customer.id, id);
  if (!address) throw addressError('not_found', 'not_found');
  return jsonResult(200, address);
});
