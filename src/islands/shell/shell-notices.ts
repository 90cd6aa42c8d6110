// Draws the toasts and the development popup (ShellNotices.astro) from the notices stores.
// Part of the one page script (shop-page.ts), so it runs on every shop page and does nothing
// where its markup is absent.
import {
  $devPopup,
  $toasts,
  DEV_POPUP_EVENT,
  TOAST_EVENT,
  closeDevPopup,
  dismissToast,
  openDevPopup,
  showToast,
  type ToastKind,
} from './notices.ts';
import type { ShellMessageKey } from '#lib/i18n/shell.ts';
import { toPageLocale } from '#lib/locale.ts';

/** Shows toasts and the development popup from the notices stores and the page events. */
export function startShellNotices(): void {
  const stack = document.querySelector<HTMLElement>('[data-toasts]');
  const dialog = document.querySelector<HTMLDialogElement>('[data-devpopup]');

  window.addEventListener(TOAST_EVENT, (event) => {
    const detail = (event as CustomEvent<{ message?: string; kind?: ToastKind; durationMs?: number } | null>).detail;
    if (detail?.message) showToast(detail.message, detail.kind, detail.durationMs);
  });
  window.addEventListener(DEV_POPUP_EVENT, (event) => {
    const detail = (event as CustomEvent<{ titleKey?: ShellMessageKey; messageKey?: ShellMessageKey } | null>).detail;
    openDevPopup(detail?.titleKey, detail?.messageKey);
  });

  $toasts.subscribe((toasts) => {
    if (!stack) return;
    const shown = new Set(toasts.map((toast) => String(toast.id)));
    stack.querySelectorAll<HTMLElement>('[data-toast-id]').forEach((node) => {
      if (!shown.has(node.dataset.toastId ?? '')) node.remove();
    });
    for (const toast of toasts) {
      if (stack.querySelector(`[data-toast-id="${toast.id}"]`)) continue;
      const node = document.createElement('div');
      node.className = `toast toast--${toast.kind}`;
      node.setAttribute('role', toast.kind === 'error' ? 'alert' : 'status');
      node.dataset.testid = 'toast';
      node.dataset.toastId = String(toast.id);
      const text = document.createElement('span');
      text.textContent = toast.message;
      const close = document.createElement('button');
      close.type = 'button';
      close.className = 'toast__close';
      close.setAttribute('aria-label', stack.dataset.closeLabel ?? '');
      close.textContent = '×';
      close.addEventListener('click', () => dismissToast(toast.id));
      node.append(text, close);
      stack.append(node);
    }
  });

  if (dialog) {
    dialog.addEventListener('close', closeDevPopup);
    dialog.querySelector('button')?.addEventListener('click', closeDevPopup);
    const showDevPopup = async (popup: ReturnType<typeof $devPopup.get>): Promise<void> => {
      if (!popup) {
        if (dialog.open) dialog.close();
        return;
      }
      // The catalogue loads only when a popup opens: no page needs it to render.
      const [{ shellMessages }, { createTranslator }] = await Promise.all([
        import('#lib/i18n/shell.ts'),
        import('#lib/i18n/translator.ts'),
      ]);
      const t = createTranslator(shellMessages, toPageLocale(document.documentElement.lang));
      const [title, message, ok] = [dialog.querySelector('h2'), dialog.querySelector('p'), dialog.querySelector('button')];
      if (title) title.textContent = t(popup.titleKey);
      if (message) message.textContent = t(popup.messageKey);
      if (ok) ok.textContent = t('ok');
      if ($devPopup.get() === popup && !dialog.open) dialog.showModal();
    };
    $devPopup.subscribe((popup) => void showDevPopup(popup));
  }
  stack?.setAttribute('data-ready', '');
}
