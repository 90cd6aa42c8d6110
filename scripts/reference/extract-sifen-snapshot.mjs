// Extracts the SIFEN geographic catalogue (departamentos, distritos) into a JSON snapshot, once:
//   npm pack facturacionelectronicapy-xmlgen@1.0.283 && tar xzf facturacionelectronicapy-xmlgen-1.0.283.tgz
//   node scripts/reference/extract-sifen-snapshot.mjs ./package
// The library generates the XML that SIFEN (DNIT e-Kuatia) requires and validates cDepEmi/cDisEmi
// against these tables of the SIFEN technical manual. We keep the rows verbatim (order, spelling,
// duplicates) so the shop's list can always be traced back to them; build-paraguay.mjs applies
// the shop's rules on top. No npm package is a runtime dependency of the shop for this.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = path.resolve(process.argv[2] ?? 'package');
const require = createRequire(import.meta.url);
const pkg = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8'));
const file = 'dist/services/constants.service.js';
// The integrity below is the registry's for this exact version: refuse any other tarball.
if (pkg.name !== 'facturacionelectronicapy-xmlgen' || pkg.version !== '1.0.283')
  throw new Error(`unexpected package ${pkg.name}@${pkg.version}`);
const tables = require(path.join(packageDir, file)).default;

const snapshot = {
  source: {
    catalogue: 'SIFEN (DNIT, e-Kuatia) Manual Técnico: tablas de Departamentos y Distritos (cDepEmi/cDisEmi codes)',
    package: `${pkg.name}@${pkg.version}`,
    file,
    integrity: 'sha512-K7gFeZU6VTeHyixeLJA5FkxeLGInUWqhA43OFS4PqVnnYZS/hL4CfvHlwYirGoxeIhvGGhovnbtiJWPEpy3wgg==',
    repository: pkg.repository?.url ?? null,
    extracted: '2026-11-23',
  },
  departamentos: tables.departamentos.map(({ codigo, descripcion }) => ({ codigo, descripcion })),
  distritos: tables.distritos.map(({ codigo, descripcion, departamento }) => ({ codigo, descripcion, departamento })),
};
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sifen-geo-snapshot.json');
// One row per line, so a later snapshot diffs row by row.
const rows = (list) => `[\n${list.map((row) => `  ${JSON.stringify(row)}`).join(',\n')}\n ]`;
await writeFile(
  out,
  `{\n "source": ${JSON.stringify(snapshot.source)},\n "departamentos": ${rows(snapshot.departamentos)},\n "distritos": ${rows(snapshot.distritos)}\n}\n`,
);
console.log(`departamentos ${snapshot.departamentos.length}, distritos ${snapshot.distritos.length} -> ${out}`);
