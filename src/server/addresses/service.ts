import type { AccountAddress, AddressForm } from '#lib/contract/accounts.ts';
import type { Queryable } from '../db/client.ts';
import { createAddressRepository, type AddressColumns } from './repository.ts';
import { createReferenceService } from '../reference/index.ts';

const toId = (value: string) => (value === '' ? null : Number(value));
const isTrue = (value: string) => value === 'true' || value === '1';

/** The stored columns of an address form, in the order repository.ts writes them. */
function toColumns(input: AddressForm): AddressColumns {
  const countryId = input.pais_id === '2' ? 2 : 1;
  return [
    input.nome.trim(),
    input.cep.replace(/\D/g, ''),
    input.logradouro.trim(),
    input.numero.trim(),
    input.bairro.trim(),
    input.cidade.trim(),
    input.estado.trim(),
    input.pais.trim() || (countryId === 2 ? 'Paraguai' : 'Brasil'),
    input.complemento.trim(),
    input.como_chegar.trim(),
    toId(input.cidade_id),
    toId(input.estado_id),
    countryId,
  ];
}

/** Delivery addresses of one customer: every query is scoped by customer_id (others get 404). */
export function createAddressService({ db }: { db: Queryable }) {
  const reference = createReferenceService({ db });
  const addresses = createAddressRepository(db);

  async function setMainAddress(customerId: number, id: number): Promise<AccountAddress | null> {
    if (!(await addresses.hasActive(customerId, id))) return null;
    await addresses.clearMain(customerId);
    return addresses.markMain(id);
  }

  return {
    /**
     * The form with its city and state names taken from the reference data when a city id is
     * sent (shipping prices by that id); null when the city does not exist, or lies in another
     * state or country than the form says.
     */
    async resolvePlace(input: AddressForm): Promise<AddressForm | null> {
      if (input.cidade_id === '') return input;
      const city = await reference.getCity(Number(input.cidade_id));
      const countryId = input.pais_id === '2' ? 2 : 1;
      if (!city || city.estado.pais_id !== countryId || (input.estado_id !== '' && Number(input.estado_id) !== city.estado_id)) return null;
      const state = countryId === 1 ? city.estado.uf : city.estado.estado_nome;
      return { ...input, cidade: city.nome_cidade, estado: state, estado_id: String(city.estado_id) };
    },

    listAddresses: (customerId: number): Promise<AccountAddress[]> => addresses.list(customerId),

    getAddress: (customerId: number, id: number): Promise<AccountAddress | null> => addresses.find(customerId, id),

    /** Adds an address; the first one, or one sent with principal, becomes the main address. */
    async createAddress(customerId: number, input: AddressForm): Promise<AccountAddress> {
      const main = isTrue(input.principal) || (await addresses.countActive(customerId)) === 0;
      if (main) await addresses.clearMain(customerId);
      return addresses.insert(customerId, toColumns(input), main);
    },

    /** Replaces every field of one of the customer's active addresses; null when it is not theirs. */
    async editAddress(customerId: number, id: number, input: AddressForm): Promise<AccountAddress | null> {
      const row = await addresses.replace(customerId, id, toColumns(input));
      if (!row) return null;
      return isTrue(input.principal) ? setMainAddress(customerId, id) : row;
    },

    /** Renames or soft-deletes (ativo false) an address; null when it is not this customer's. */
    async updateAddress(customerId: number, id: number, patch: { nome?: string; ativo?: boolean }): Promise<AccountAddress | null> {
      const row = await addresses.patch(customerId, id, patch.nome?.trim() || null, patch.ativo ?? null);
      if (!row) return null;
      // Keep one main address when the main one is deleted.
      if (!row.ativo && row.principal === false) await addresses.ensureMain(customerId);
      return row;
    },

    setMainAddress,
  };
}
