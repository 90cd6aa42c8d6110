// `npm run import -- <file.csv|file.json> [--images <folder>] [--dry-run] [--lang pt-BR|es-PY]`:
// the catalogue import from the terminal (DATABASE_URL, else the embedded database under DATA_DIR;
// stop the shop first when it uses the same embedded data folder). Nothing is seeded here.
import { runImportCommand } from './import-command.ts';
import { findProductIds, getCatalogueImportService } from '../src/server/catalogue-import/index.ts';
import { bootDatabase } from '../src/server/db/boot.ts';

const database = await bootDatabase({ seed: false });
let code;
try {
  code = await runImportCommand(process.argv.slice(2), getCatalogueImportService(), console.log, {
    findProductIds,
    // The picture pipeline (and sharp with it) is loaded only when --images has pictures to store.
    storeProductPicture: async (...args) => (await import('../src/server/catalogue-media/index.ts')).storeProductPicture(...args),
  });
} finally {
  await database.stop();
}
process.exit(code);
