// Enforces the layering of ARCHITECTURE.md: lib imports only lib; islands never import server
// or components; a domain's repository (its SQL) is used only inside its own folder, other
// code goes through the domain's services (type-only imports of its row shapes are fine).
// Type errors are tsc's job (npm run check).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const RULES = [
  { layer: 'src/lib/', forbidden: ['src/server/', 'src/islands/', 'src/components/', 'src/pages/', 'src/layouts/'] },
  { layer: 'src/islands/', forbidden: ['src/server/', 'src/components/', 'src/pages/', 'src/layouts/'] },
  { layer: 'src/server/', forbidden: ['src/islands/', 'src/components/', 'src/pages/', 'src/layouts/'] },
];

async function walk(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])));
  return files.flat();
}

const problems = [];
for (const file of await walk('src')) {
  if (!/\.(ts|tsx|astro)$/.test(file)) continue;
  const rule = RULES.find((r) => file.startsWith(r.layer));
  if (!rule) continue;
  const source = await readFile(file, 'utf8');
  for (const match of source.matchAll(/^import\s+(?!type\s)[^;]*?from\s*['"](\.[^'"]+-repository\.ts)['"]/gm)) {
    const target = path.join(path.dirname(file), match[1]);
    if (path.dirname(target) !== path.dirname(file)) problems.push(`${file}: imports ${match[1]} (another domain's repository: use its services)`);
  }
  for (const match of source.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
    const target = path.join(path.dirname(file), match[1]);
    const bad = rule.forbidden.find((prefix) => target.startsWith(prefix));
    if (bad) problems.push(`${file}: imports ${match[1]} (${rule.layer} must not import ${bad})`);
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('layering ok');
