import type { Locale } from '#lib/locale.ts';
import { sessionState } from '../stored-state.ts';

/**
 * Accounts spec section 4: choosing the nationality in registration also sets the language
 * (0 gives es-PY, 1 gives pt-BR). The page is rendered on the server in one language, so the
 * switch reloads it through `?lang=` (the middleware keeps the choice); what the shopper typed
 * (never passwords or files) is carried over in this tab's sessionStorage.
 */
const DRAFT_KEY = 'fronteira_register_draft';
const NOT_CARRIED = new Set(['password', 'password_confirmation']);

export function toNationalityLocale(estrangeiro: '0' | '1'): Locale {
  return estrangeiro === '1' ? 'pt-BR' : 'es-PY';
}

export function switchRegistrationLanguage(target: Locale, values: Record<string, string>): void {
  const draft = Object.fromEntries(Object.entries(values).filter(([key, value]) => value && !NOT_CARRIED.has(key)));
  sessionState.set(DRAFT_KEY, JSON.stringify(draft));
  const url = new URL(window.location.href);
  url.searchParams.set('lang', target);
  window.location.assign(url.pathname + url.search);
}

/** The values typed before the language switch, once. */
export function takeRegistrationDraft(): Record<string, string> {
  const raw = sessionState.get(DRAFT_KEY);
  if (!raw) return {};
  sessionState.remove(DRAFT_KEY);
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}
