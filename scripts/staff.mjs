// `npm run staff -- add <email> --role admin|counter [--lang es-PY|pt-BR]`, `list`,
// `disable <email>`, `reset <email>`: staff accounts from the command line (the first admin
// comes from here). add and reset print a one-time set-password link. Uses DATABASE_URL, else
// the embedded PostgreSQL of the shop running under DATA_DIR, else starts it for the command.
import { exitWithUsage, parseCommandLine, runCommand } from './command-line.ts';

const USAGE = `usage: npm run staff -- add <email> --role admin|counter [--lang es-PY|pt-BR] [--origin URL]
       npm run staff -- list
       npm run staff -- disable <email>
       npm run staff -- reset <email> [--origin URL]`;

const { values, positionals } = parseCommandLine(USAGE, {
  role: { type: 'string' },
  lang: { type: 'string', default: 'es-PY' },
  origin: { type: 'string' },
});
const [command, email] = positionals;
if (!['add', 'list', 'disable', 'reset'].includes(command ?? '')) exitWithUsage('unknown or missing command', USAGE);
if (command !== 'list' && !email) exitWithUsage(`${command} needs an e-mail`, USAGE);
if (positionals.length > (command === 'list' ? 1 : 2)) exitWithUsage(`unexpected argument ${positionals.at(-1)}`, USAGE);
if (command === 'add' && !['admin', 'counter'].includes(values.role ?? '')) exitWithUsage('--role must be admin or counter', USAGE);
if (!['es-PY', 'pt-BR'].includes(values.lang)) exitWithUsage('--lang must be es-PY or pt-BR', USAGE);

// The shop's modules load once the arguments are known good: --help and usage answer at once.
const { requireValidConfig } = await import('../src/server/config.ts');
const { bootDatabase } = await import('../src/server/db/boot.ts');
const { getPool } = await import('../src/server/db/client.ts');
const { DomainError } = await import('../src/server/errors/domain-error.ts');
const { staffError } = await import('../src/server/staff/errors.ts');
const { createStaffService } = await import('../src/server/staff/service.ts');
const { systemClock } = await import('../src/server/clock.ts');
const config = requireValidConfig();
const origin = (values.origin ?? config.SHOP_ORIGIN_ES ?? config.SHOP_ORIGIN_BR ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
const linkOf = (token) => `${origin}/painel/definir-senha?token=${token}`;
const actor = { staffId: null, email: 'cli' };
const REFUSALS = {
  emailTaken: 'that e-mail already has an account',
  emailInvalid: 'not a valid e-mail address',
  notFound: 'no staff account with that e-mail',
  keysChoiceNeeded:
    'this account holds live API keys: disable it in the panel (/painel/equipe), which asks to revoke them or hand them to another admin',
};

let database;
await runCommand(
  'staff',
  async () => {
    database = await bootDatabase({ seed: false, besideRunningShop: true });
    // Only disable reads API keys; the ERP API's wiring loads the catalogue import with it, which
    // the other commands would load for nothing (seconds on a loaded machine).
    const keys = command === 'disable' ? (await import('../src/server/erp-api/index.ts')).getErpApiService() : null;
    const service = createStaffService({ db: getPool(), clock: systemClock, keys });
    const findId = async (address) => {
      const found = (await service.listStaff()).find((staff) => staff.email === address.trim().toLowerCase());
      if (!found) throw staffError('not_found', 'notFound');
      return found.id;
    };
    try {
      if (command === 'add') {
        const { staff, token } = await service.addStaff(actor, { email, role: values.role, locale: values.lang });
        console.log(`Added ${staff.email} (${staff.role}). One-time link to set the password (valid 48 h):\n${linkOf(token)}`);
      } else if (command === 'list') {
        for (const staff of await service.listStaff()) {
          const state = staff.disabled ? 'disabled' : staff.passwordSet ? 'active' : 'password not set';
          console.log(
            `${staff.email}\t${staff.role}\t${state}${staff.role === 'admin' ? `\ttotp ${staff.totpEnrolled ? 'on' : 'off'}` : ''}`,
          );
        }
      } else if (command === 'disable') {
        await service.disableStaff(actor, await findId(email));
        console.log(`Disabled ${email}; its sessions ended.`);
      } else {
        const token = await service.resetStaff(actor, await findId(email));
        console.log(`Reset ${email}: password and second factor cleared, sessions ended. One-time link (valid 48 h):\n${linkOf(token)}`);
      }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      console.error(REFUSALS[error.code] ?? error.code);
      return 1;
    }
  },
  () => database?.stop(),
);
