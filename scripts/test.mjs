// `npm test`: build, then the checks (types, lint, format), vitest (unit tests, and API tests in
// shards with a database and shop each) and Playwright (a database and shop per worker) side by
// side, then the production rehearsal (tests/rehearsal: the shop as in production behind
// deploy/nginx over https), then where the time went. Installs Debian's chromium and nginx when
// they are missing.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getPlaywrightFileTimes, getVitestFileTimes, printTimings } from './test-timings.mjs';

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

const phases = [];

/**
 * Runs one phase as a child process and records its wall time. Phases that run side by side
 * print each line with their name in front, so their outputs stay readable.
 */
function runPhase(name, command, args, { env = process.env, prefixed = false } = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    if (prefixed)
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk.toString('utf8')).split('\n');
          rest = lines.pop();
          for (const line of lines) out.write(`[${name}] ${line}\n`);
        });
        stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
      }
    const finish = (code) => {
      phases.push({ name, ms: Date.now() - started, ok: code === 0 });
      resolve(code === 0);
    };
    child.on('close', finish);
    child.on('error', () => finish(1));
  });
}

const started = Date.now();
ensureDebianPackages();
if (!(await runPhase('build', 'npm', ['run', 'build']))) process.exit(1);

const reports = await mkdtemp(path.join(tmpdir(), 'fronteira-timings-'));
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');
const results = await Promise.all([
  runPhase('check', 'npm', ['run', 'check'], { prefixed: true }),
  runPhase('vitest', 'npx', ['vitest', 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${vitestReport}`], {
    prefixed: true,
  }),
  runPhase('playwright', 'npx', ['playwright', 'test', '--reporter=dot,json'], {
    prefixed: true,
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
  }),
]);
// The rehearsal has its own stack (npm start, PostgreSQL by DATABASE_URL, nginx): after the others.
results.push(await runPhase('rehearsal', 'npx', ['playwright', 'test', '-c', 'tests/rehearsal/playwright.config.ts']));
phases.push({ name: 'npm test in all', ms: Date.now() - started, ok: results.every(Boolean) });

printTimings(phases, [
  { name: 'vitest', times: await getVitestFileTimes(vitestReport) },
  { name: 'Playwright', times: await getPlaywrightFileTimes(playwrightReport) },
]);
console.log(`(reports in ${reports})`);
const failed = results.filter((ok) => !ok).length;
console.log(failed ? `\n${failed} phase(s) failed` : '\nall checks and test suites passed');
process.exit(failed ? 1 : 0);
