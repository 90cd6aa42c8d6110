import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { offeredDistricts } from '#scripts/reference/sifen-rules.mjs';
import { apiJson, type ErrorAnswer } from '../support/api.ts';

// accounts spec section 3: estado_id order, counts and cidade_id ranges where it gives them.
const BRAZIL = [
  ['Acre', 22, [53, 74]],
  ['Alagoas', 102, [1651, 1752]],
  ['Amazonas', 62, [75, 136]],
  ['Amapá', 16, [296, 311]],
  ['Bahia', 417, [1828, 2244]],
  ['Ceará', 184, [892, 1075]],
  ['Distrito Federal', 1, [5570, 5570]],
  ['Espírito Santo', 78, [3098, 3175]],
  ['Goiás', 246, [5324, 5569]],
  ['Maranhão', 217, [451, 667]],
  ['Minas Gerais', 853, [2245, 3097]],
  ['Mato Grosso do Sul', 79, [5104, 5182]],
  ['Mato Grosso', 141, [5183, 5323]],
  ['Pará', 144, [152, 295]],
  ['Paraíba', 223, [1243, 1465]],
  ['Pernambuco', 185, [1466, 1650]],
  ['Piauí', 224, [668, 891]],
  ['Paraná', 399, [3913, 4311]],
  ['Rio de Janeiro', 92, null],
  ['Rio Grande do Norte', 167, null],
  ['Rondônia', 52, null],
  ['Roraima', 15, null],
  ['Rio Grande do Sul', 497, null],
  ['Santa Catarina', 295, null],
  ['Sergipe', 75, null],
  ['São Paulo', 645, [3268, 3912]],
  ['Tocantins', 139, null],
] as const;
const PARAGUAY = [
  'Caaguazú',
  'Misiones',
  'Alto Paraná',
  'Canindeyú',
  'Cordillera',
  'San Pedro',
  'Concepción',
  'Itapúa',
  'Central',
  'Paraguarí',
  'Presidente Hayes',
  'Capital',
  'Caazapá',
  'Guairá',
  'Ñeembucú',
  'Alto Paraguay',
  'Amambay',
  'Boquerón',
];

/** GET /ecom/endereco/estados: the states or departments of a country, in the spec order. */
interface StateList {
  data: Array<{ estado_id: number; estado_nome: string; uf: string; pais_id: 1 | 2 }>;
}

/** GET /ecom/endereco/estados/{id}/cidades: the fields read below. */
interface CityList {
  data: Array<{ cidade_id: number; cidade_codigo: string; nome_cidade: string }>;
}

async function cities(stateId: number) {
  const { status, body } = await apiJson<CityList>(`/ecom/endereco/estados/${stateId}/cidades`);
  expect(status).toBe(200);
  return body.data;
}

describe('reference data', () => {
  it('lists the 27 Brazilian states in the spec order with their municipality counts and id ranges', async () => {
    const { body } = await apiJson<StateList>('/ecom/endereco/estados?pais_id=1');
    expect(body.data.map((s) => s.estado_nome)).toEqual(BRAZIL.map(([name]) => name));
    expect(body.data.map((s) => s.estado_id)).toEqual(BRAZIL.map((_, index) => index + 1));
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

  it('lists the cities of a state alphabetically, accents ignored, for the select of the forms', async () => {
    for (const stateId of [1, 30]) {
      const names = (await cities(stateId)).map((city) => city.nome_cidade);
      const collator = new Intl.Collator('es', { sensitivity: 'base' });
      expect(names).toEqual([...names].sort(collator.compare));
    }
    const altoParana = (await cities(30)).map((city) => city.nome_cidade);
    expect(altoParana.indexOf('Nueva Esperanza')).toBeLessThan(altoParana.indexOf('Santa Rita'));
  });

  it('gives every Brazilian city a unique valid IBGE code of its state and unique ids everywhere', async () => {
    const { body } = await apiJson<StateList>('/ecom/endereco/estados');
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
          expect(city.cidade_codigo).toMatch(/^[1-9]\d{0,2}$/); // SIFEN district code
        }
      }
      if (state.pais_id === 1) {
        expect(prefixes.size, `${state.estado_nome} codes share the state prefix`).toBe(1);
        brazilTotal += list.length;
      }
    }
    expect(brazilTotal).toBe(5571);
  });

  it('lists the 18 Paraguayan departments (28-45) in the spec order, each with districts', async () => {
    const { body } = await apiJson<StateList>('/ecom/endereco/estados?pais_id=2');
    expect(body.data.map((s) => s.estado_nome)).toEqual(PARAGUAY);
    expect(body.data.map((s) => s.estado_id)).toEqual(PARAGUAY.map((_, index) => 28 + index));
    expect((await cities(39)).map((c) => c.nome_cidade)).toEqual(['Asunción']);
    expect((await cities(30)).map((c) => c.nome_cidade)).toContain('Ciudad del Este');
  });

  it('resolves a municipality code with POST /ecom/endereco/cidade-por-codigo', async () => {
    const found = await apiJson<{ id: number }>('/ecom/endereco/cidade-por-codigo', {
      method: 'POST',
      json: { pais_id: 1, codigo: '3550308' },
    });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ nome: 'São Paulo', estado: { pais_id: 1, estado_id: 26, uf: 'SP' } });
    expect(found.body.id).toBeGreaterThanOrEqual(3268);
    const missing = await apiJson<ErrorAnswer>('/ecom/endereco/cidade-por-codigo', {
      method: 'POST',
      json: { pais_id: 1, codigo: '9999999' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Cidade não encontrada');
    const bad = await apiJson('/ecom/endereco/cidade-por-codigo', { method: 'POST', json: { pais_id: 1, codigo: 'abc' } });
    expect(bad.status).toBe(422);
    const paraguay = await apiJson('/ecom/endereco/cidade-por-codigo', { method: 'POST', json: { pais_id: 2, codigo: '145' } });
    expect(paraguay.body).toMatchObject({
      id: 6033,
      nome: 'Ciudad del Este',
      codigo: '145',
      estado: { pais_id: 2, estado_id: 30, uf: '11' },
    });
  });
});

describe('Paraguayan districts from the SIFEN snapshot', () => {
  async function snapshot() {
    return JSON.parse(await readFile(new URL('../../scripts/reference/sifen-geo-snapshot.json', import.meta.url), 'utf8'));
  }

  it('offers in each department exactly the districts of the SIFEN table, under their SIFEN codes', async () => {
    const sifen = await snapshot();
    const offered = [...offeredDistricts(sifen).values()] as Array<{ codigo: number; departamento: number }>;
    const { body } = await apiJson<StateList>('/ecom/endereco/estados?pais_id=2');
    const departments = new Set<string>();
    let total = 0;
    for (const state of body.data) {
      departments.add(state.uf);
      const expected = offered
        .filter((row) => String(row.departamento) === state.uf)
        .map((row) => String(row.codigo))
        .sort();
      const list = await cities(state.estado_id);
      expect(list.map((city) => city.cidade_codigo).sort(), state.estado_nome).toEqual(expected);
      total += list.length;
    }
    expect([...departments].sort()).toEqual(sifen.departamentos.map((d: { codigo: number }) => String(d.codigo)).sort());
    expect(total).toBe(268);
  });

  it('keeps the well-known districts under their department, with their earlier cidade_id', async () => {
    const known = [
      [39, 'Asunción', '1', 6200],
      [30, 'Ciudad del Este', '145', 6033],
      [35, 'Encarnación', '87', 6125],
      [36, 'San Lorenzo', '164', 6168],
      [28, 'Coronel Oviedo', '61', 6001],
      [44, 'Pedro Juan Caballero', '185', 6250],
      [45, 'Filadelfia', '259', 6256],
      [43, 'Fuerte Olimpo', '195', 6246],
      [31, 'San Isidro del Curuguaty', '197', 6057],
    ] as const;
    for (const [stateId, name, code, id] of known) {
      expect(await cities(stateId), name).toContainEqual(
        expect.objectContaining({ cidade_id: id, cidade_codigo: code, nome_cidade: name }),
      );
    }
    expect(await cities(38)).toContainEqual(
      expect.objectContaining({ cidade_id: 6270, cidade_codigo: '287', nome_cidade: 'Nueva Asunción' }),
    );
  });

  it('no longer offers districts the SIFEN table lacks, nor its placeholder and repeated rows', async () => {
    const names = async (stateId: number) => (await cities(stateId)).map((city) => city.nome_cidade);
    expect(await names(31)).not.toContain('Laurel');
    expect(await names(37)).not.toContain('María Antonia');
    expect(await names(38)).not.toContain('General José María Bruguez');
    expect((await names(42)).filter((name) => name === 'Villa Franca')).toHaveLength(1);
    expect((await names(41)).some((name) => /equivalencia/i.test(name))).toBe(false);
  });
});
