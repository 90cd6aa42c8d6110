// `npm start`: builds when the build is missing or older than the sources, then serves.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const BUILD_ENTRY = 'dist/server/entry.mjs';
const SOURCES = ['src', 'public', 'astro.config.mjs', 'package-lock.json'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), info.mtimeMs);
}

const builtAt = existsSync(BUILD_ENTRY) ? statSync(BUILD_ENTRY).mtimeMs : 0;
if (builtAt < Math.max(...SOURCES.map(newestMtime))) {
  console.log('Building the shop...');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}
await import('../server.mjs');
