import { useEffect, useRef } from 'react';
import { shellMessages, type ShellMessageKey } from '../../lib/i18n/shell.ts';
import { createTranslator } from '../../lib/i18n/translator.ts';
import type { Locale } from '../../lib/locale.ts';
import {
  $devPopup, $toasts, DEV_POPUP_EVENT, TOAST_EVENT, closeDevPopup, dismissToast, openDevPopup, showToast, type ToastKind,
} from './notices.ts';
import { useSharedStore } from './use-shared-store.ts';

interface Props {
  locale: Locale;
}

/** The toast stack and the development popup, mounted once by the layout. */
export default function ShellNotices({ locale }: Props) {
  const t = createTranslator(shellMessages, locale);
  const toasts = useSharedStore($toasts);
  const popup = useSharedStore($devPopup);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const onToast = (event: Event) => {
      const detail = (event as CustomEvent<{ message: string; kind?: ToastKind; durationMs?: number }>).detail;
      if (detail?.message) showToast(detail.message, detail.kind, detail.durationMs);
    };
    const onPopup = (event: Event) => {
      const detail = (event as CustomEvent<{ titleKey?: ShellMessageKey; messageKey?: ShellMessageKey } | null>).detail;
      openDevPopup(detail?.titleKey, detail?.messageKey);
    };
    window.addEventListener(TOAST_EVENT, onToast);
    window.addEventListener(DEV_POPUP_EVENT, onPopup);
    return () => { window.removeEventListener(TOAST_EVENT, onToast); window.removeEventListener(DEV_POPUP_EVENT, onPopup); };
  }, []);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (popup && !element.open) element.showModal();
    if (!popup && element.open) element.close();
  }, [popup]);

  return (
    <>
      <div className="toasts" role="region" aria-label={t('notifications')}>
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'} data-testid="toast">
            <span>{toast.message}</span>
            <button type="button" className="toast__close" aria-label={t('close')} onClick={() => dismissToast(toast.id)}>×</button>
          </div>
        ))}
      </div>
      <dialog ref={dialog} className="devpopup" aria-labelledby="devpopup-title" onClose={closeDevPopup} data-testid="dev-popup">
        {popup && (
          <>
            <h2 id="devpopup-title">{t(popup.titleKey)}</h2>
            <p>{t(popup.messageKey)}</p>
            <button type="button" className="btn" onClick={closeDevPopup}>{t('ok')}</button>
          </>
        )}
      </dialog>
    </>
  );
}
