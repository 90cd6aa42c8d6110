// `npm start`: builds when the build is missing or older than the sources, then serves.
// The server runs as this script's child: a stop signal (SIGTERM from a process manager, Ctrl-C)
// is passed on to whatever runs at the time, and this script exits only once it has exited, so
// the shop's PostgreSQL is stopped by the server before anything else goes. package.json starts
// this script with `exec`, so npm's signal reaches it without a shell in between (a shell dies on
// SIGTERM and leaves its child running).
import './require-node.mjs';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_ENTRY = path.join(root, 'dist/server/entry.mjs');
const SOURCES = ['src', 'public', 'astro.config.mjs', 'package-lock.json'].map((name) => path.join(root, name));
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), info.mtimeMs);
}

let child;
let childLeadsGroup = false;
let stopSignal;
for (const signal of STOP_SIGNALS) {
  process.on(signal, () => {
    stopSignal ??= signal;
    // The build runs in a process group of its own (npm, a shell, astro): the whole group is told.
    if (child?.exitCode === null) process.kill(childLeadsGroup ? -child.pid : child.pid, signal);
  });
}

/** Runs a command to its end: its exit code, or 128 + the number of the signal that ended it. */
function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    childLeadsGroup = options.detached === true;
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? 128 + (constants.signals[signal] ?? 0)));
  });
}

const builtAt = existsSync(BUILD_ENTRY) ? statSync(BUILD_ENTRY).mtimeMs : 0;
if (builtAt < Math.max(...SOURCES.map(newestMtime))) {
  console.log('Building the shop...');
  const built = await run('npm', ['run', 'build'], { detached: true });
  if (built !== 0 || stopSignal) process.exit(built || 1);
}
if (stopSignal) process.exit(0);
process.exit(await run(process.execPath, [path.join(root, 'server.mjs')]));
