import type { APIRoute } from 'astro';
import { storefrontMessages } from '../lib/i18n/storefronts.ts';
import { createTranslator } from '../lib/i18n/translator.ts';
import { getDefaultLocale } from '../lib/locale.ts';
import { STOREFRONTS } from '../lib/storefronts.ts';

/** One web manifest per storefront (decision 1220): its own name and language, from the registry. */
export const GET: APIRoute = ({ locals }) => {
  const locale = getDefaultLocale(locals.storefront);
  const t = createTranslator(storefrontMessages, locale);
  const { manifest } = STOREFRONTS[locals.storefront === 'local' ? 'br' : locals.storefront];
  const body = {
    name: t('appName'),
    short_name: t('appShortName'),
    description: t('appDescription'),
    lang: locale,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: manifest.backgroundColor,
    theme_color: manifest.themeColor,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return new Response(JSON.stringify(body), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
};
