// `npm test`: type-check, build, then unit, API and browser tests against one fresh database
// and one running shop, then the production rehearsal (tests/rehearsal: the shop as in
// production behind deploy/nginx over https). Installs Debian's chromium and nginx when missing.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startTestStack } from '../tests/support/test-stack.ts';

function run(command, args, env = process.env) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;
}

/** Like run, but keeps this process's event loop free: the fake CEP and SMTP servers live here. */
function runAlongsideStack(command, args, env) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

/** Debian's packages the browser tests and the rehearsal run, installed when their program is missing. */
function ensureDebianPackages() {
  const missing = [
    [process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'chromium'],
    ['/usr/sbin/nginx', 'nginx'],
  ].filter(([program]) => !existsSync(program));
  if (missing.length === 0) return;
  const packages = missing.map(([, name]) => name);
  console.log(`Installing Debian ${packages.join(' and ')} for the browser tests...`);
  const asRoot = process.getuid?.() === 0;
  const aptGet = (...args) =>
    execFileSync(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['apt-get', ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  aptGet('update');
  aptGet('install', '-y', '--no-install-recommends', ...packages);
}

ensureDebianPackages();
if (run('npm', ['run', 'check']) !== 0) process.exit(1);
if (run('npm', ['run', 'build']) !== 0) process.exit(1);

const stack = await startTestStack();
const env = {
  ...process.env,
  TEST_BASE_URL: stack.baseUrl,
  TEST_PORT: String(stack.port),
  TEST_APP_DATABASE_URL: stack.databaseUrl,
  TEST_DATA_DIR: stack.dataDir,
};
let failed = 0;
try {
  failed += (await runAlongsideStack('npx', ['vitest', 'run'], env)) === 0 ? 0 : 1;
  failed += (await runAlongsideStack('npx', ['playwright', 'test'], env)) === 0 ? 0 : 1;
} finally {
  await stack.stop();
}
// Its own stack (npm start, PostgreSQL by DATABASE_URL, nginx): after the shared one has stopped.
failed += run('npx', ['playwright', 'test', '-c', 'tests/rehearsal/playwright.config.ts']) === 0 ? 0 : 1;
console.log(failed ? `\n${failed} test suite(s) failed` : '\nall test suites passed');
process.exit(failed ? 1 : 0);
