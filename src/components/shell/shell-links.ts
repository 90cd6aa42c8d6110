import { shellMessages } from '#lib/i18n/shell.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { toApiLang, type Locale } from '#lib/locale.ts';

/**
 * The desktop nav's quick links before the store sets its own (store details, panel): news,
 * complete kits and key sets (spec), searches every catalogue answers. Key sets are searched with
 * the host's own words ('Juegos de llaves' must not search Portuguese).
 */
export function getDefaultQuickLinks(locale: Locale): { label: string; href: string }[] {
  const t = createTranslator(shellMessages, locale);
  const keySets = toApiLang(locale) === 'es' ? '/produtos?text=juego%20de%20llaves' : '/produtos?text=jogo%20de%20chaves';
  return [
    { label: t('news'), href: '/produtos?order=codigo_desc' },
    { label: t('completeKits'), href: '/produtos?text=kit' },
    { label: t('keySets'), href: keySets },
  ];
}

/** Login link for anonymous shoppers: back to the current page afterwards (spec section 4). */
export function getLoginPath(current: URL, always = false): string {
  const back = current.pathname + current.search;
  if (back.startsWith('/login')) return '/login';
  return back === '/' && !always ? '/login' : `/login?redirect=${encodeURIComponent(back)}`;
}
