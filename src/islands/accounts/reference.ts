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

/** Our CEP endpoint, then the city matched by its IBGE code; null when not found or unavailable. */
export async function lookupCep(cep: string): Promise<CepResult | null> {
  try {
    const found = await apiRequest<{ logradouro: string; bairro: string; localidade: string; uf: string; ibge: string }>(
      'GET',
      `/ecom/endereco/cep/${cep}`,
    );
    if (!found.ok) return null;
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
    return null;
  }
}
