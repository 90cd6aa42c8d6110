import { apiRequest } from '#lib/api-client.ts';

/** Reference data and postal-code lookups over the shop API (states/cities from the cart issue). */
export interface StateOption {
  estado_id: number;
  estado_nome: string;
  uf: string;
}

export interface CityOption {
  cidade_id: number;
  nome_cidade: string;
}

export async function loadStates(countryId: 1 | 2): Promise<StateOption[]> {
  const answer = await apiRequest<{ data: StateOption[] }>('GET', `/ecom/endereco/estados?pais_id=${countryId}`);
  return answer.ok ? (answer.data?.data ?? []) : [];
}

export async function loadCities(stateId: number): Promise<CityOption[]> {
  const answer = await apiRequest<{ data: CityOption[] }>('GET', `/ecom/endereco/estados/${stateId}/cidades`);
  return answer.ok ? (answer.data?.data ?? []) : [];
}

export interface CepResult {
  /** False when the CEP is known but its city could not be matched: state and city are then chosen by hand. */
  matched: boolean;
  logradouro: string;
  bairro: string;
  cidade: string;
  estado: string;
  estado_id: string;
  cidade_id: string;
}

/** Why a CEP brought no address: unknown to the service, or the service could not be asked now. */
export type CepMiss = 'not_found' | 'unavailable';

/**
 * Our CEP endpoint, then the city matched by its IBGE code. A 404 means the CEP does not exist;
 * any other failure (the service down, no network) means it could not be checked now.
 */
export async function lookupCep(cep: string): Promise<CepResult | CepMiss> {
  try {
    const found = await apiRequest<{ logradouro: string; bairro: string; localidade: string; uf: string; ibge: string }>(
      'GET',
      `/ecom/endereco/cep/${cep}`,
    );
    if (!found.ok) return found.status === 404 ? 'not_found' : 'unavailable';
    const city = await apiRequest<{ id: number; estado_id: number }>('POST', '/ecom/endereco/cidade-por-codigo', {
      pais_id: 1,
      codigo: found.data.ibge,
    });
    return {
      matched: city.ok,
      logradouro: found.data.logradouro,
      bairro: found.data.bairro,
      cidade: found.data.localidade,
      estado: found.data.uf,
      estado_id: city.ok ? String(city.data.estado_id) : '',
      cidade_id: city.ok ? String(city.data.id) : '',
    };
  } catch {
    return 'unavailable';
  }
}
