import { useState, type SubmitEvent } from 'react';
import { accountMessages } from '#lib/i18n/accounts.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { apiRequest, toError } from '#lib/api-client.ts';
import { runAfterSignIn } from './after-sign-in.ts';
import { toSafeRedirect } from '#lib/safe-redirect.ts';

interface Props {
  locale: Locale;
  /** Where to go after signing in; when absent and embedded (checkout), the page reloads. */
  redirect?: string | null;
  embedded?: boolean;
  /** Embedded: the page registration returns to (spec section 2: the current path). */
  returnPath?: string;
}

/** Sign-in form of /login, also embedded in checkout (spec section 4: 50 ms then go, 100 ms reload). */
export default function LoginForm({ locale, redirect = null, embedded = false, returnPath = '/checkout' }: Props) {
  const t = createTranslator(accountMessages, locale);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    if (!email || !password) {
      setError(t('pleaseFillAllFields'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await apiRequest('POST', '/ecom/login', { email, password });
      if (!answer.ok) {
        setError(`${t('errorMessage')} ${toError(answer).message ?? ''}`.trim());
        setBusy(false);
        return;
      }
      await runAfterSignIn();
      const target = redirect ?? (embedded ? null : '/perfil');
      setTimeout(() => {
        // The page already checked it; the island checks again, as the last hand before the browser.
        if (target) window.location.assign(toSafeRedirect(target, '/perfil', window.location.origin));
        else window.location.reload();
      }, 50);
    } catch {
      setError(t('errorMessage'));
      setBusy(false);
    }
  }

  const form = (
    <form
      className="acc-form"
      method="post"
      action={`/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`}
      onSubmit={onSubmit}
      noValidate
    >
      <label className="acc-field">
        <span>{t('email')}</span>
        <input name="email" type="email" autoComplete="email" required />
      </label>
      <label className="acc-field">
        <span>{t('password')}</span>
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {error && (
        <p className="acc-alert" role="alert">
          {error}
        </p>
      )}
      <button className="acc-button" type="submit" disabled={busy}>
        {busy ? t('loggingIn') : t('loginSubmit')}
      </button>
    </form>
  );
  // On /login the page renders these links itself (they work before hydration).
  if (!embedded) return form;
  return (
    <>
      {form}
      <nav className="acc-links">
        <a href={`/cadastro?redirect=${encodeURIComponent(returnPath)}`}>{t('noAccount')}</a>
        <a href="/recuperar-senha">{t('forgotPassword')}</a>
      </nav>
    </>
  );
}
