import { createReadStream, existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

interface StaticFile {
  file: string;
  size: number;
  etag: string;
  type: string;
  brotli?: { file: string; size: number };
  gzip?: { file: string; size: number };
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : Promise.resolve([path.join(dir, entry.name)]))),
  );
  return nested.flat();
}

function getCacheControl(urlPath: string): string {
  if (urlPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (urlPath === '/sw.js') return 'no-cache';
  return 'public, max-age=3600, stale-while-revalidate=86400';
}

/**
 * Serves the built client assets from memory-indexed paths (no per-request stat), picking the
 * brotli or gzip file written at build time when the browser accepts it.
 */
export async function createStaticHandler(root: string) {
  const index = new Map<string, StaticFile>();
  if (existsSync(root)) {
    for (const file of await walk(root)) {
      if (file.endsWith('.br') || file.endsWith('.gz')) continue;
      const info = await stat(file);
      const urlPath = '/' + path.relative(root, file).split(path.sep).join('/');
      const entry: StaticFile = {
        file,
        size: info.size,
        etag: `"${info.size.toString(36)}-${info.mtimeMs.toString(36)}"`,
        type: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      };
      for (const [suffix, key] of [
        ['.br', 'brotli'],
        ['.gz', 'gzip'],
      ] as const) {
        if (existsSync(file + suffix)) entry[key] = { file: file + suffix, size: (await stat(file + suffix)).size };
      }
      index.set(urlPath, entry);
    }
  }

  return function serveStatic(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const urlPath = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    const entry = index.get(urlPath);
    if (!entry) return false;
    const headers: Record<string, string | number> = {
      'content-type': entry.type,
      'cache-control': getCacheControl(urlPath),
      etag: entry.etag,
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
    };
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, headers).end();
      return true;
    }
    const accepted = String(req.headers['accept-encoding'] ?? '');
    let body = { file: entry.file, size: entry.size };
    if (entry.brotli && /\bbr\b/.test(accepted)) {
      body = entry.brotli;
      headers['content-encoding'] = 'br';
    } else if (entry.gzip && /\bgzip\b/.test(accepted)) {
      body = entry.gzip;
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = body.size;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else createReadStream(body.file).pipe(res);
    return true;
  };
}
