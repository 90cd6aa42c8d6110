import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every route file under src/pages, enumerated from the files (not a hand list), with the methods it answers. */
export interface RouteFile {
  /** Relative to src/pages, without extension or trailing `index`: `ecom/venda/carrinho/[id]`. */
  file: string;
  segments: string[];
  methods: string[];
}

const pagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/pages');

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

function toMethods(file: string): string[] {
  if (file.endsWith('.astro')) return ['GET', 'POST'];
  const source = readFileSync(file, 'utf8');
  const named = [...source.matchAll(/export\s+(?:const|async function|function)\s+(GET|POST|PUT|PATCH|DELETE|ALL)\b/g)].map(
    (match) => match[1]!,
  );
  return named.includes('ALL') ? ['GET', 'POST', 'PUT', 'DELETE'] : named;
}

export function listRouteFiles(): RouteFile[] {
  return listFiles(pagesDir)
    .filter((file) => /\.(ts|astro)$/.test(file))
    .map((file) => {
      const relative = path
        .relative(pagesDir, file)
        .replace(/\.(ts|astro)$/, '')
        .replace(/(^|\/)index$/, '');
      return { file: relative, segments: relative.split('/').filter(Boolean), methods: toMethods(file) };
    })
    .filter((route) => route.methods.length > 0);
}
