// Catalogue import of 100,000 products from CSV (issue 20): `npm run import` as its own process
// on the bench's database, timed, its peak RSS read from the process itself (resourceUsage at
// exit). Run twice: all new, then the same file again (all unchanged). The reference of the same
// run is a bare csv-parse read of the file in a process of its own (the floor of any streamed
// import): the ratios say what checking and writing cost over reading. Targets: < 60 s, < 400 MB.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TEMPLATE_COLUMNS } from '#server/catalogue-import/routes.ts';

const PRODUCTS = Number(process.env.BENCH_IMPORT_PRODUCTS ?? 100_000);
const root = path.resolve(import.meta.dirname, '../..');

/**
 * `npm run import` as package.json runs it: its Node flags (the V8 heap sizes of decision 0800)
 * and script, so the bench measures the command the store types, not a bare `node scripts/import.mjs`.
 */
async function importCommand() {
  const { scripts } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  const [program, ...args] = scripts.import.split(/\s+/);
  if (program !== 'node') throw new Error(`npm run import is not a node command: ${scripts.import}`);
  return args;
}

// The import's own template (routes.ts), less the columns the generated rows leave out.
const LEFT_OUT = new Set(['categoria_es', 'departamento_es', 'icone_categoria']);
const COLUMNS = TEMPLATE_COLUMNS.filter((column) => !LEFT_OUT.has(column));

/** Writes the file line by line (never whole in memory): 40 brands, 12 categories, 4 departments each. */
async function writeCatalogue(file, count) {
  const out = createWriteStream(file);
  const write = (line) => (out.write(`${line}\r\n`) ? undefined : once(out, 'drain'));
  await write(COLUMNS.join(';'));
  for (let i = 0; i < count; i += 1) {
    const cents = 1000 + ((i * 7919) % 900_000);
    const price = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
    const row = [
      `BENCH-${String(i).padStart(6, '0')}`,
      `Ferramenta de bancada ${i}`,
      `Herramienta de banco ${i}`,
      `Modelo ${i} para oficina profissional.`,
      `Modelo ${i} para taller profesional.`,
      `<p>Corpo em aço, garantia de <b>12 meses</b>.</p><ul><li>Item ${i}</li></ul>`,
      `<p>Cuerpo de acero, garantía de <b>12 meses</b>.</p>`,
      `Marca Bench ${i % 40}`,
      `Categoria Bench ${i % 12}`,
      `Departamento ${i % 4}`,
      price,
      'USD',
      String(i % 97),
      i % 20 === 0 ? 'não' : 'sim',
      `Potência: ${500 + (i % 9) * 100} W | Tensão: 220 V`,
      `Potencia: ${500 + (i % 9) * 100} W | Tensión: 220 V`,
      `bench-${i}.jpg`,
    ];
    const pending = write(row.join(';'));
    if (pending) await pending;
  }
  out.end();
  await once(out, 'finish');
}

/** Runs a Node script to its end: wall time, its own peak RSS (MB), exit code, output tail. */
async function runMeasured(args, env, preload) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', preload, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const [code] = await once(child, 'exit');
  const seconds = (performance.now() - started) / 1000;
  const maxRss = Number(output.match(/BENCH_MAXRSS_KB (\d+)/)?.[1] ?? Number.NaN);
  if (code !== 0) throw new Error(`${args.join(' ')} exited ${code}: ${output.slice(-2000)}`);
  return { seconds: Number(seconds.toFixed(1)), peak_rss_mb: Math.round(maxRss / 1024), output };
}

export default async function run({ databaseUrl }) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'bench-import-'));
  try {
    const file = path.join(folder, 'catalogue.csv');
    await writeCatalogue(file, PRODUCTS);
    const preload = path.join(folder, 'maxrss.mjs');
    await writeFile(
      preload,
      "process.on('exit', () => process.stderr.write(`\\nBENCH_MAXRSS_KB ${process.resourceUsage().maxRSS}\\n`));\n",
    );
    const readOnly = path.join(folder, 'read.mjs');
    await writeFile(
      readOnly,
      `import { createReadStream } from 'node:fs';
import { parse } from ${JSON.stringify(path.join(root, 'node_modules/csv-parse/lib/index.js'))};
let rows = 0;
for await (const record of createReadStream(process.argv[2]).pipe(parse({ bom: true, delimiter: ';' }))) rows += record.length > 0 ? 1 : 0;
console.log('rows', rows);
`,
    );
    const env = { DATABASE_URL: databaseUrl };
    const reference = await runMeasured([readOnly, file], env, preload);
    const command = await importCommand();
    const first = await runMeasured([...command, file], env, preload);
    if (!first.output.includes(`Novos: ${PRODUCTS} `))
      throw new Error(`first import did not create ${PRODUCTS}: ${first.output.slice(-1000)}`);
    const again = await runMeasured([...command, file], env, preload);
    if (!again.output.includes(`Sem alteração: ${PRODUCTS} `))
      throw new Error(`second import changed something: ${again.output.slice(-1000)}`);
    const ratio = (value) => Number((value / reference.seconds).toFixed(1));
    return {
      command: `node ${command.join(' ')}`,
      products: PRODUCTS,
      file_mb: Number(((await stat(file)).size / 1024 / 1024).toFixed(1)),
      reference_csv_read_s: reference.seconds,
      reference_csv_read_rss_mb: reference.peak_rss_mb,
      import_new_s: first.seconds,
      import_new_peak_rss_mb: first.peak_rss_mb,
      import_new_vs_read: ratio(first.seconds),
      reimport_unchanged_s: again.seconds,
      reimport_unchanged_peak_rss_mb: again.peak_rss_mb,
      reimport_vs_read: ratio(again.seconds),
      targets: {
        under_60_s: first.seconds < 60 && again.seconds < 60,
        rss_under_400_mb: first.peak_rss_mb < 400 && again.peak_rss_mb < 400,
      },
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
