// Rebuilds the Brazilian reference data from its source and checks it against migration 0202:
//   node scripts/reference/build-reference.mjs
// Brazil: @brazilian-utils/brazilian-utils (IBGE municipality list with 7-digit codes).
// 0202 is applied on running databases, so it is never rewritten: a changed source needs a new
// migration. Paraguay: build-paraguay.mjs (SIFEN snapshot, migration 0204); the Paraguayan half of
// 0202 is the first hand-written list that 0204 corrects.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const pkg = require('@brazilian-utils/brazilian-utils/package.json');
const { getStates, getMunicipalities } = await import('@brazilian-utils/brazilian-utils');

// estado_id 1-27: alphabetical by UF code, as accounts spec section 3 lists them.
const states = [...getStates()].sort((a, b) => a.code.localeCompare(b.code));
// cidade_id: 1.. in IBGE state-code order, alphabetical inside each state; this reproduces every
// range the spec gives (Acre 53-74 ... Goiás 5324-5569, Brasília 5570). Municipalities installed
// after that numbering (Boa Esperança do Norte, MT, 2025) get ids after 5570.
const LATE = new Set(['5101837']);
const byIbge = [...states].sort((a, b) => a.ibgeCode - b.ibgeCode);
const collator = new Intl.Collator('pt-BR');
let nextId = 1;
const late = [];
const citiesByUf = new Map();
for (const state of byIbge) {
  const list = [...getMunicipalities(state.code)].sort((a, b) => collator.compare(a.name ?? a[0], b.name ?? b[0]));
  const cities = [];
  for (const item of list) {
    const name = item.name ?? item[0];
    const code = String(item.code ?? item.ibgeCode ?? item[1]);
    if (LATE.has(code)) late.push({ state, city: { nome_cidade: name, cidade_codigo: code } });
    else cities.push({ cidade_id: nextId++, cidade_codigo: code, nome_cidade: name });
  }
  citiesByUf.set(state.code, cities);
}
for (const { state, city } of late) citiesByUf.get(state.code).push({ cidade_id: nextId++, ...city });

const brazil = {
  source: `IBGE municipality list as shipped by @brazilian-utils/brazilian-utils ${pkg.version}`,
  pais_id: 1,
  estados: states.map((state, index) => ({
    estado_id: index + 1,
    estado_nome: state.name,
    uf: state.code,
    ibge: state.ibgeCode,
    cidades: citiesByUf.get(state.code),
  })),
};

const q = (text) => `'${String(text).replace(/'/g, "''")}'`;
const statements = [
  `INSERT INTO states (id, country_id, name, code) VALUES\n${brazil.estados
    .map((s) => `  (${s.estado_id}, ${brazil.pais_id}, ${q(s.estado_nome)}, ${q(s.uf)})`)
    .join(',\n')};`,
];
const rows = brazil.estados.flatMap((s) =>
  s.cidades.map((c) => `(${c.cidade_id}, ${s.estado_id}, ${q(c.cidade_codigo)}, ${q(c.nome_cidade)})`),
);
for (let i = 0; i < rows.length; i += 500) {
  statements.push(`INSERT INTO cities (id, state_id, code, name) VALUES\n  ${rows.slice(i, i + 500).join(',\n  ')};`);
}
const applied = await readFile(path.join(root, 'src/server/db/migrations/0202_reference_data.sql'), 'utf8');
const stale = statements.filter((statement) => !applied.includes(statement)).length;
if (stale) throw new Error(`${stale} Brazilian statements differ from migration 0202: write a new migration`);
console.log('brazil cities', nextId - 1, 'match migration 0202');
