// `npm start`: builds when the build is missing or older than the sources, then supervises the
// shop (issue 29): it starts the embedded PostgreSQL itself (unless DATABASE_URL names one), then
// the serving process (server.mjs: one process, or a cluster primary for WEB_CONCURRENCY > 1)
// with the database's URL. A serving process that dies is replaced with a growing back-off and
// the database stays up meanwhile; the supervisor never gives up once the shop has served. A
// stop signal (SIGTERM from a process manager, Ctrl-C) at any moment, boot included, is passed
// on to whatever runs, and this script exits once it has exited and PostgreSQL has stopped.
// A start that does not finish within START_TIMEOUT_S is stopped with a sentence. package.json
// starts this script with `exec`, so npm's signal reaches it without a shell in between.
import './require-node.mjs';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// The shop's TypeScript modules load only once require-node.mjs has run: an older Node fails to
// even load a .ts import, before the sentence could be said (static imports load first).
const { requireValidConfig } = await import('../src/server/config.ts');
const { EmbeddedPostgresError, startEmbeddedPostgres } = await import('../src/server/db/embedded.ts');
const { createRestartBackoff } = await import('../src/server/entry/restart-backoff.ts');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_ENTRY = path.join(root, 'dist/server/entry.mjs');
const SOURCES = ['src', 'public', 'astro.config.mjs', 'package-lock.json'].map((name) => path.join(root, name));
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'];
/** server.mjs drains requests for up to 10 s after SIGTERM; one that hangs beyond is killed. */
const STOP_GRACE_MS = 15_000;

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), info.mtimeMs);
}

const say = (line) => console.log(`[supervisor] ${line}`);
const isRunning = (process) => process?.exitCode === null && process.signalCode === null;
let build;
let stopSignal;
const stopping = new AbortController();
for (const signal of STOP_SIGNALS) {
  process.on(signal, () => {
    stopSignal ??= signal;
    stopping.abort();
    // The build runs in a process group of its own (npm, a shell, astro): the whole group is told.
    // Shop processes are told SIGTERM (they drain) by the listener on `stopping` below.
    if (isRunning(build)) process.kill(-build.pid, signal);
  });
}

/** Runs the build to its end, in a process group of its own: its exit code, or 128 + its signal's number. */
function runBuild() {
  return new Promise((resolve, reject) => {
    build = spawn('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', detached: true });
    build.once('error', reject);
    build.once('exit', (code, signal) => resolve(code ?? 128 + (constants.signals[signal] ?? 0)));
  });
}

const builtAt = existsSync(BUILD_ENTRY) ? statSync(BUILD_ENTRY).mtimeMs : 0;
if (builtAt < Math.max(...SOURCES.map(newestMtime))) {
  console.log('Building the shop...');
  const built = await runBuild();
  if (built !== 0 || stopSignal) process.exit(built || 1);
}
if (stopSignal) process.exit(0);

const config = requireValidConfig();
const startBoundMs = config.START_TIMEOUT_S * 1000;
const bootTimer = setTimeout(() => {
  console.error(`The shop did not finish starting within ${config.START_TIMEOUT_S} s (START_TIMEOUT_S); stopping it.`);
  process.exitCode = 1;
  stopping.abort();
}, startBoundMs);

let database;
if (!process.env.DATABASE_URL) {
  try {
    database = await startEmbeddedPostgres(path.resolve(root, config.DATA_DIR), { restartOnExit: true, signal: stopping.signal, log: say });
  } catch (error) {
    if (!(error instanceof EmbeddedPostgresError)) throw error;
    // Stopped by a signal or by the start bound, the reason was said already.
    if (!stopping.signal.aborted) console.error(error.message);
    process.exit(process.exitCode ?? (stopSignal ? 0 : 1));
  }
}

async function finish(code) {
  clearTimeout(bootTimer);
  await database?.stop().catch((error) => console.error(`PostgreSQL did not stop cleanly: ${error?.message ?? error}`));
  process.exit(process.exitCode ?? code);
}
if (stopping.signal.aborted) await finish(0);

const backoff = createRestartBackoff();
// The process serving now, and (WEB_CONCURRENCY=1) one booted in reserve on the prepared database,
// which listens as soon as the serving one dies: the shop answers again without a whole boot
// (a cold start took 5-13 s on this loaded 2-core machine). A cluster primary keeps its other
// workers serving while one is replaced, so it has no reserve.
const keepsReserve = config.WEB_CONCURRENCY === 1;
let serving;
let reserve;
let reserveStandsBy = false;
let servedOnce = false;
let startTimer;
const children = new Set();

stopping.signal.addEventListener('abort', () => {
  clearTimeout(startTimer);
  for (const running of children) {
    running.kill('SIGTERM');
    setTimeout(() => running.kill('SIGKILL'), STOP_GRACE_MS).unref();
  }
  if (children.size === 0) void finish(0);
});

function promoteReserve() {
  serving = reserve;
  reserve = undefined;
  reserveStandsBy = false;
  serving.send({ type: 'serve' });
}

/** After the back-off: a serving process when none serves or waits in reserve, else a reserve. */
function startNext(delayMs) {
  clearTimeout(startTimer);
  startTimer = setTimeout(() => {
    startTimer = undefined;
    if (!serving && !reserve) serving = spawnServer([]);
    else if (keepsReserve && !reserve) reserve = spawnServer(['--standby']);
  }, delayMs);
}

function spawnServer(args) {
  const started = spawn(process.execPath, [path.join(root, 'server.mjs'), ...args], {
    cwd: root,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...(database ? { DATABASE_URL: database.url } : {}) },
  });
  const startedAt = Date.now();
  children.add(started);
  started.on('error', (error) => say(`shop process ${started.pid}: ${error.message}`));
  // A replacement that hangs in its start is ended and the next one tried: the bound holds for every start.
  const hungTimer = servedOnce ? setTimeout(() => started.kill('SIGKILL'), startBoundMs) : undefined;
  let announcedReady = false;
  started.on('message', (message) => {
    if (message?.type === 'standing-by' && started === reserve) {
      clearTimeout(hungTimer);
      reserveStandsBy = true;
      if (serving) say(`A reserve shop process (pid ${started.pid}) stands by.`);
      else promoteReserve();
    } else if (message?.type === 'ready' && !announcedReady) {
      announcedReady = true;
      clearTimeout(hungTimer);
      clearTimeout(bootTimer);
      if (servedOnce) say(`The shop is serving again (pid ${started.pid}).`);
      servedOnce = true;
      if (keepsReserve && !reserve && !startTimer) startNext(0);
    }
  });
  started.once('exit', (code, signal) => {
    clearTimeout(hungTimer);
    children.delete(started);
    if (stopping.signal.aborted) return void (children.size === 0 && finish(code ?? 0));
    // A first start that fails (a wrong setting, a broken build) said why: no loop on it.
    if (!servedOnce) return void finish(code || 1);
    const delayMs = backoff.nextDelayMs(Date.now() - startedAt);
    const ended = `The ${started === reserve ? 'reserve ' : ''}shop process ${started.pid} ended (${signal ?? `exit code ${code}`})`;
    if (started === reserve) {
      reserve = undefined;
      reserveStandsBy = false;
    } else {
      serving = undefined;
      if (reserveStandsBy) promoteReserve();
    }
    if (serving) say(`${ended}; the reserve process ${serving.pid} serves in its place.`);
    else if (reserve) say(`${ended}; the reserve process ${reserve.pid} serves once booted.`);
    else say(`${ended}; starting another in ${delayMs} ms.`);
    startNext(delayMs);
  });
  return started;
}

serving = spawnServer([]);
