/** Fixed quick links of the desktop nav (spec: news, complete kits, key sets, two fixed brands). */
export const NEWS_PATH = '/produtos?order=codigo_desc';
export const COMPLETE_KITS_PATH = '/produtos?text=kit';
/** Key sets, searched with the host's own words ('Juegos de llaves' must not search Portuguese). */
export function getKeySetsPath(lang: 'pt' | 'es'): string {
  return lang === 'es' ? '/produtos?text=juego%20de%20llaves' : '/produtos?text=jogo%20de%20chaves';
}
export const FIXED_BRANDS = [
  { name: 'Makita', path: '/marca/makita' },
  { name: 'Bosch', path: '/marca/bosch' },
] as const;

/** Login link for anonymous shoppers: back to the current page afterwards (spec section 4). */
export function getLoginPath(current: URL, always = false): string {
  const back = current.pathname + current.search;
  if (back.startsWith('/login')) return '/login';
  return back === '/' && !always ? '/login' : `/login?redirect=${encodeURIComponent(back)}`;
}
