import type { AccountAddress, AddressForm } from '../../lib/contract/accounts.ts';
import type { Locale } from '../../lib/locale.ts';
import { json, jsonError } from '../http/responses.ts';
import { getAccountTexts } from './http.ts';
import { getAddressService } from './index.ts';

/**
 * Saves a validated address form (create or edit) once its city is checked against the
 * reference data: 422 on cidade_id when the city is unknown or outside the state/country,
 * 404 when `write` finds no such address of the customer.
 */
export async function saveAddress(
  locale: Locale,
  input: AddressForm,
  write: (resolved: AddressForm) => Promise<AccountAddress | null>,
  status = 200,
): Promise<Response> {
  const { t, f } = getAccountTexts(locale);
  const resolved = await getAddressService().resolvePlace(input);
  if (!resolved) return jsonError(422, f('formInvalidText'), { cidade_id: [t('cityInvalid')] });
  const address = await write(resolved);
  return address ? json(address, { status }) : jsonError(404, t('not_found'));
}
