import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const pagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/pages');

export interface PanelRoute {
  file: string;
  /** An address of the route, dynamic segments filled with a sample value. */
  path: string;
  methods: string[];
  kind: 'page' | 'endpoint';
}

function walk(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

/** A value for each dynamic segment: a UUID where the name says so, else a number. */
function toSample(segment: string): string {
  return segment.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) =>
    /uuid/i.test(name) ? '0b5c7e2a-3f7d-4c1e-9a55-6d2f1c8b9e01' : '1',
  );
}

/** Every /painel page and /api/painel endpoint, read from the route files under src/pages. */
export function listPanelRoutes(): PanelRoute[] {
  const files = [...walk(path.join(pagesDir, 'painel')), ...walk(path.join(pagesDir, 'api', 'painel'))];
  return files
    .filter((file) => /\.(astro|ts)$/.test(file) && !file.endsWith('.d.ts') && !file.endsWith('.test.ts'))
    .map((file) => {
      const relative = path.relative(pagesDir, file).split(path.sep).join('/');
      const route = relative
        .replace(/\.(astro|ts)$/, '')
        .replace(/(^|\/)index$/, '')
        .split('/')
        .map(toSample)
        .join('/');
      const kind = file.endsWith('.astro') ? 'page' : 'endpoint';
      const source = readFileSync(file, 'utf8');
      const methods =
        kind === 'page'
          ? ['GET', 'POST']
          : [...source.matchAll(/export\s+const\s+(GET|POST|PUT|PATCH|DELETE|ALL)\b/g)].map((m) => m[1] ?? '');
      return { file: relative, path: `/${route}`, methods: methods.map((m) => (m === 'ALL' ? 'GET' : m)), kind };
    });
}
