import { useRef, useState } from 'react';
import { accountMessages } from '#lib/i18n/accounts.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { runAfterSignOut } from './after-sign-in.ts';
import { apiRequest } from '#lib/api-client.ts';

/** Logout with a confirmation dialog: ends the session on the server, clears the cart, reloads on /login. */
export default function LogoutButton({ locale }: { locale: Locale }) {
  const t = createTranslator(accountMessages, locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    await apiRequest('POST', '/ecom/logout');
    await runAfterSignOut();
    window.location.assign('/login');
  }

  return (
    <>
      <button type="button" className="acc-nav-link acc-logout" onClick={() => dialog.current?.showModal()}>
        {t('logout')}
      </button>
      <dialog ref={dialog} className="acc-dialog" aria-labelledby="logout-title">
        <p id="logout-title">{t('logoutConfirm')}</p>
        <div className="acc-actions">
          <button type="button" className="acc-button acc-button--secondary" onClick={() => dialog.current?.close()}>
            {t('cancel')}
          </button>
          <button type="button" className="acc-button acc-button--danger" disabled={busy} onClick={confirm}>
            {t('logout')}
          </button>
        </div>
      </dialog>
    </>
  );
}
