// `npm test`: build, then the checks (types, lint, format), vitest (unit tests, and API tests in
// shards with a database and shop each) and Playwright (a database and shop per worker) side by
// side, the production rehearsal (tests/rehearsal: the shop as in production behind deploy/nginx
// over https) once the first of those is done, then where the time went. Installs Debian's
// chromium-headless-shell and nginx when they are missing.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getPlaywrightFileTimes, getVitestFileTimes, printTimings } from './test-timings.mjs';

/** Debian's packages the browser tests and the rehearsal run, installed when their program is missing. */
function ensureDebianPackages() {
  const missing = [
    [process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell', 'chromium-headless-shell'],
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
const cpuDir = await mkdtemp(path.join(tmpdir(), 'fronteira-cpu-'));

/** The children's user + system time of bash's `times` (its second line: `1m2.5s 0m3.1s`), or null. */
function readChildrenCpuMs(file) {
  try {
    const children = readFileSync(file, 'utf8').split('\n')[1] ?? '';
    const parts = [...children.matchAll(/(\d+)m([\d.]+)s/g)];
    return parts.length === 2 ? parts.reduce((sum, [, minutes, secs]) => sum + (Number(minutes) * 60 + Number(secs)) * 1000, 0) : null;
  } catch {
    return null;
  }
}

/**
 * Runs one phase as a child process and records its wall time. Phases that run side by side
 * print each line with their name in front, so their outputs stay readable.
 */
function runPhase(name, command, args, { env = process.env, prefixed = false } = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    // Through bash, whose `times` reports the CPU its waited-for descendants used: the phase's
    // processes, its servers and browsers (what a 2-core machine really has to spend on it).
    const cpuFile = path.join(cpuDir, `${name}.times`);
    const child = spawn('bash', ['-c', '"$@"; code=$?; times > "$0"; exit $code', cpuFile, command, ...args], {
      stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env,
    });
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
      phases.push({ name, ms: Date.now() - started, cpuMs: readChildrenCpuMs(cpuFile), ok: code === 0 });
      resolve(code === 0);
    };
    child.on('close', finish);
    child.on('error', () => finish(1));
  });
}

/**
 * The whole machine's busy CPU time so far (/proc/stat's first line: every state but idle and
 * iowait, in USER_HZ ticks of 10 ms), or null off Linux. Bash's `times` misses processes that
 * leave their parent's tree, such as Chromium's helpers, so the phases' figures add up to less
 * than a dedicated CI machine really spends: this is the total to compare with 2 x wall (on a
 * shared machine it counts the neighbours too).
 */
function readMachineBusyMs() {
  try {
    const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .map(Number);
    return (user + nice + system + irq + softirq + steal) * 10;
  } catch {
    return null;
  }
}

const started = Date.now();
const busyAtStart = readMachineBusyMs();
ensureDebianPackages();
if (!(await runPhase('build', 'npm', ['run', 'build']))) process.exit(1);

const reports = await mkdtemp(path.join(tmpdir(), 'fronteira-timings-'));
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');
const suites = [
  runPhase('check', 'npm', ['run', 'check'], { prefixed: true }),
  runPhase('vitest', 'npx', ['vitest', 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${vitestReport}`], {
    prefixed: true,
  }),
  runPhase('playwright', 'npx', ['playwright', 'test', '--reporter=dot,json'], {
    prefixed: true,
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
  }),
];
// The rehearsal has its own stack (npm start, PostgreSQL by DATABASE_URL, nginx): it starts when
// the first of the three is done and runs while the others finish, instead of after them all.
const rehearsal = Promise.race(suites).then(() =>
  runPhase('rehearsal', 'npx', ['playwright', 'test', '-c', 'tests/rehearsal/playwright.config.ts'], { prefixed: true }),
);
const results = await Promise.all([...suites, rehearsal]);
phases.push({
  name: 'npm test in all',
  ms: Date.now() - started,
  cpuMs: phases.reduce((sum, phase) => sum + (phase.cpuMs ?? 0), 0),
  ok: results.every(Boolean),
});
const busyAtEnd = readMachineBusyMs();
if (busyAtStart !== null && busyAtEnd !== null)
  phases.push({ name: 'the whole machine (/proc/stat)', ms: Date.now() - started, cpuMs: busyAtEnd - busyAtStart, ok: true });

printTimings(phases, [
  { name: 'vitest', times: await getVitestFileTimes(vitestReport) },
  { name: 'Playwright', times: await getPlaywrightFileTimes(playwrightReport) },
]);
console.log(`(reports in ${reports})`);
const failed = results.filter((ok) => !ok).length;
console.log(failed ? `\n${failed} phase(s) failed` : '\nall checks and test suites passed');
process.exit(failed ? 1 : 0);
