import { describe, expect, it } from 'vitest';
import { apiJson } from '../support/api.ts';

// accounts spec section 3: estado_id order, counts and cidade_id ranges where it gives them.
const BRAZIL = [
  ['Acre', 22, [53, 74]], ['Alagoas', 102, [1651, 1752]], ['Amazonas', 62, [75, 136]], ['Amapá', 16, [296, 311]],
  ['Bahia', 417, [1828, 2244]], ['Ceará', 184, [892, 1075]], ['Distrito Federal', 1, [5570, 5570]],
  ['Espírito Santo', 78, [3098, 3175]], ['Goiás', 246, [5324, 5569]], ['Maranhão', 217, [451, 667]],
  ['Minas Gerais', 853, [2245, 3097]], ['Mato Grosso do Sul', 79, [5104, 5182]], ['Mato Grosso', 141, [5183, 5323]],
  ['Pará', 144, [152, 295]], ['Paraíba', 223, [1243, 1465]], ['Pernambuco', 185, [1466, 1650]], ['Piauí', 224, [668, 891]],
  ['Paraná', 399, [3913, 4311]], ['Rio de Janeiro', 92, null], ['Rio Grande do Norte', 167, null], ['Rondônia', 52, null],
  ['Roraima', 15, null], ['Rio Grande do Sul', 497, null], ['Santa Catarina', 295, null], ['Sergipe', 75, null],
  ['São Paulo', 645, [3268, 3912]], ['Tocantins', 139, null],
] as const;
const PARAGUAY = ['Caaguazú', 'Misiones', 'Alto Paraná', 'Canindeyú', 'Cordillera', 'San Pedro', 'Concepción', 'Itapúa',
  'Central', 'Paraguarí', 'Presidente Hayes', 'Capital', 'Caazapá', 'Guairá', 'Ñeembucú', 'Alto Paraguay', 'Amambay', 'Boquerón'];

async function cities(stateId: number) {
  const { status, body } = await apiJson(`/ecom/endereco/estados/${stateId}/cidades`);
  expect(status).toBe(200);
  return body.data as Array<{ cidade_id: number; cidade_codigo: string; nome_cidade: string }>;
}

describe('reference data', () => {
  it('lists the 27 Brazilian states in the spec order with their municipality counts and id ranges', async () => {
    const { body } = await apiJson('/ecom/endereco/estados?pais_id=1');
    expect(body.data.map((s: any) => s.estado_nome)).toEqual(BRAZIL.map(([name]) => name));
    expect(body.data.map((s: any) => s.estado_id)).toEqual(BRAZIL.map((_, index) => index + 1));
    for (const [index, [name, count, range]] of BRAZIL.entries()) {
      const list = await cities(index + 1);
      // Mato Grosso also has Boa Esperança do Norte (installed 2025), numbered after Brasília.
      const numbered = list.filter((city) => city.cidade_id <= 5570);
      expect(numbered.length, name).toBe(count);
      if (range) {
        expect(Math.min(...numbered.map((c) => c.cidade_id)), name).toBe(range[0]);
        expect(Math.max(...numbered.map((c) => c.cidade_id)), name).toBe(range[1]);
      }
    }
  });

  it('has Distrito Federal with only Brasília, cidade_id 5570', async () => {
    expect(await cities(7)).toEqual([expect.objectContaining({ cidade_id: 5570, nome_cidade: 'Brasília', cidade_codigo: '5300108' })]);
  });

  it('gives every Brazilian city a unique valid IBGE code of its state and unique ids everywhere', async () => {
    const { body } = await apiJson('/ecom/endereco/estados');
    const ids = new Set<number>();
    const codes = new Set<string>();
    let brazilTotal = 0;
    for (const state of body.data) {
      const list = await cities(state.estado_id);
      expect(list.length, state.estado_nome).toBeGreaterThan(0);
      const prefixes = new Set<string>();
      for (const city of list) {
        expect(ids.has(city.cidade_id)).toBe(false);
        ids.add(city.cidade_id);
        const key = `${state.pais_id}:${city.cidade_codigo}`;
        expect(codes.has(key), key).toBe(false);
        codes.add(key);
        if (state.pais_id === 1) {
          expect(city.cidade_codigo).toMatch(/^[1-5]\d{6}$/);
          prefixes.add(city.cidade_codigo.slice(0, 2));
        } else {
          expect(city.cidade_codigo).toMatch(/^\d{4}$/);
          prefixes.add(city.cidade_codigo.slice(0, 2));
        }
      }
      expect(prefixes.size, `${state.estado_nome} codes share the state prefix`).toBe(1);
      if (state.pais_id === 1) brazilTotal += list.length;
    }
    expect(brazilTotal).toBe(5571);
  });

  it('lists the 18 Paraguayan departments (28-45) in the spec order, each with districts', async () => {
    const { body } = await apiJson('/ecom/endereco/estados?pais_id=2');
    expect(body.data.map((s: any) => s.estado_nome)).toEqual(PARAGUAY);
    expect(body.data.map((s: any) => s.estado_id)).toEqual(PARAGUAY.map((_, index) => 28 + index));
    expect((await cities(39)).map((c) => c.nome_cidade)).toEqual(['Asunción']);
    expect((await cities(30)).map((c) => c.nome_cidade)).toContain('Ciudad del Este');
  });

  it('resolves a municipality code with POST /ecom/endereco/cidade-por-codigo', async () => {
    const found = await apiJson('/ecom/endereco/cidade-por-codigo', { method: 'POST', json: { pais_id: 1, codigo: '3550308' } });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ nome: 'São Paulo', estado: { pais_id: 1, estado_id: 26, uf: 'SP' } });
    expect(found.body.id).toBeGreaterThanOrEqual(3268);
    const missing = await apiJson('/ecom/endereco/cidade-por-codigo', { method: 'POST', json: { pais_id: 1, codigo: '9999999' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Cidade não encontrada');
    const bad = await apiJson('/ecom/endereco/cidade-por-codigo', { method: 'POST', json: { pais_id: 1, codigo: 'abc' } });
    expect(bad.status).toBe(422);
    const paraguay = await apiJson('/ecom/endereco/cidade-por-codigo', { method: 'POST', json: { pais_id: 2, codigo: '1001' } });
    expect(paraguay.body).toMatchObject({ nome: 'Ciudad del Este', estado: { pais_id: 2, estado_id: 30 } });
  });
});
