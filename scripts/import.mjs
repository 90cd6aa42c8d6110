// `npm run import -- <file.csv|file.json> [--images <folder>] [--dry-run] [--lang pt-BR|es-PY]`:
// the catalogue import from the terminal (DATABASE_URL, else the embedded database of the shop
// running under DATA_DIR, else that database started for the import). Nothing is seeded here.
import { existsSync, statSync } from 'node:fs';
import { exitWithUsage, parseCommandLine, runCommand } from './command-line.ts';
import { getImportUsage, IMPORT_OPTIONS, runImportCommand } from './import-command.ts';
import { findProductIds, getCatalogueImportService } from '../src/server/catalogue-import/index.ts';
import { requireValidConfig } from '../src/server/config.ts';
import { bootDatabase } from '../src/server/db/boot.ts';

const args = process.argv.slice(2);
const usage = getImportUsage(args);
const { positionals } = parseCommandLine(usage, IMPORT_OPTIONS, { args });
if (positionals.length !== 1) exitWithUsage(positionals.length === 0 ? 'missing file' : `unexpected argument ${positionals[1]}`, usage);
if (!existsSync(positionals[0]) || !statSync(positionals[0]).isFile()) exitWithUsage(`no such file: ${positionals[0]}`, usage);
requireValidConfig();

let database;
await runCommand(
  'import',
  async () => {
    database = await bootDatabase({ seed: false, besideRunningShop: true });
    return runImportCommand(args, getCatalogueImportService(), console.log, {
      findProductIds,
      // The picture pipeline (and sharp with it) is loaded only when --images has pictures to store.
      storeProductPicture: async (...pictureArgs) =>
        (await import('../src/server/catalogue-media/index.ts')).storeProductPicture(...pictureArgs),
    });
  },
  () => database?.stop(),
);
