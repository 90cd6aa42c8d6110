// `npm run secrets -- export | forget | rotate-documents-key`: the shop's shared secrets moved out
// of the database, and identity documents re-encrypted under a new DOCUMENTS_KEY (README "Backup,
// restore and keys"). Uses DATABASE_URL, else the embedded PostgreSQL under DATA_DIR (stop the
// shop first when it uses that same folder).
import { parseArgs } from 'node:util';
import { requireValidConfig } from '../src/server/config.ts';
import { createDocumentService } from '../src/server/customer-documents/index.ts';
import { bootDatabase } from '../src/server/db/boot.ts';
import { getPool } from '../src/server/db/client.ts';
import { forgetDatabaseKeptSecret, listDatabaseKeptSecrets, retireDatabaseKeptSecret } from '../src/server/secrets/index.ts';

const USAGE = `usage: npm run secrets -- export
         prints the secrets the database keeps as NAME=value lines, for the shop's environment
       npm run secrets -- forget
         removes from the database each secret the environment now sets to the same value
       npm run secrets -- rotate-documents-key
         encrypts every identity document again under DOCUMENTS_KEY (the earlier key being
         DOCUMENTS_KEY_PREVIOUS or the one the database kept), then removes the database's key`;

const COMMANDS = ['export', 'forget', 'rotate-documents-key'];

function stop(sentence, code = 1) {
  console.error(sentence);
  process.exit(code);
}

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
} catch (error) {
  stop(`${error.message}\n${USAGE}`, 2);
}
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}
const [command, ...extra] = parsed.positionals;
if (!COMMANDS.includes(command ?? '')) stop(`Unknown or missing command; choose one of ${COMMANDS.join(', ')}.\n${USAGE}`, 2);
if (extra.length > 0) stop(`${command} takes no arguments.\n${USAGE}`, 2);

const config = requireValidConfig();
if (command === 'rotate-documents-key' && !config.DOCUMENTS_KEY) {
  stop('DOCUMENTS_KEY is not set: set it to the new key (16 characters or more) and run the command again.', 2);
}

const database = await bootDatabase({ seed: false });
try {
  const db = getPool();
  if (command === 'export') {
    for (const { envName, value } of await listDatabaseKeptSecrets(db)) console.log(`${envName}=${value}`);
  } else if (command === 'forget') {
    for (const { envName } of await listDatabaseKeptSecrets(db)) {
      if (!config[envName]) {
        console.log(`${envName}: kept in the database (not set in the environment).`);
        continue;
      }
      await forgetDatabaseKeptSecret(db, envName);
      console.log(`${envName}: the database's copy is removed; the environment's value is used.`);
    }
  } else {
    const { total, reencrypted } = await createDocumentService({ db }).reencryptAllDocuments();
    // Every document now opens with DOCUMENTS_KEY: the database's copy of a key only weakens a dump.
    await retireDatabaseKeptSecret(db, 'DOCUMENTS_KEY');
    console.log(
      `${reencrypted} of ${total} identity documents encrypted again under DOCUMENTS_KEY; the database keeps no documents key. Remove DOCUMENTS_KEY_PREVIOUS if it is set.`,
    );
  }
} catch (error) {
  process.exitCode = 1;
  console.error(error instanceof Error ? error.message : String(error));
} finally {
  await database.stop();
}
