import { sendJson } from './http.ts';

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
  const answer = await sendJson<{ data: StateOption[] }>(`/ecom/endereco/estados?pais_id=${countryId}`, 'GET');
  return answer.ok ? answer.body.data ?? [] : [];
}

export async function loadCities(stateId: number): Promise<CityOption[]> {
  const answer = await sendJson<{ data: CityOption[] }>(`/ecom/endereco/estados/${stateId}/cidades`, 'GET');
  return answer.ok ? answer.body.data ?? [] : [];
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
    const found = await sendJson<{ logradouro: string; bairro: string; localidade: string; uf: string; ibge: string }>(`/ecom/endereco/cep/${cep}`, 'GET');
    if (!found.ok) return null;
    const city = await sendJson<{ id: number; estado_id: number }>('/ecom/endereco/cidade-por-codigo', 'POST', { pais_id: 1, codigo: found.body.ibge });
    return {
      matched: city.ok,
      logradouro: found.body.logradouro,
      bairro: found.body.bairro,
      cidade: found.body.localidade,
      estado: found.body.uf,
      estado_id: city.ok ? String(city.body.estado_id) : '',
      cidade_id: city.ok ? String(city.body.id) : '',
    };
  } catch {
    return null;
  }
}
