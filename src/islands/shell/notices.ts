import { atom } from 'nanostores';
import type { ShellMessageKey } from '#lib/i18n/shell.ts';

/**
 * Toasts and the 'feature in development' popup, shared by every island. React islands call
 * showToast/openDevPopup; plain scripts dispatch `fronteira:toast` / `fronteira:dev-popup`
 * events on window with the same arguments in `detail`.
 */
export type ToastKind = 'success' | 'error' | 'warning' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const TOAST_MS = 4000;
export const TOAST_ERROR_MS = 6000;
export const TOAST_EVENT = 'fronteira:toast';
export const DEV_POPUP_EVENT = 'fronteira:dev-popup';

export const $toasts = atom<Toast[]>([]);
let nextId = 1;

export function getToastDuration(kind: ToastKind): number {
  return kind === 'error' ? TOAST_ERROR_MS : TOAST_MS;
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

export function showToast(message: string, kind: ToastKind = 'info', durationMs = getToastDuration(kind)): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, kind, message }]);
  setTimeout(() => dismissToast(id), durationMs);
  return id;
}

export interface DevPopup {
  titleKey: ShellMessageKey;
  messageKey: ShellMessageKey;
}
export const $devPopup = atom<DevPopup | null>(null);

export function openDevPopup(titleKey: ShellMessageKey = 'devTitle', messageKey: ShellMessageKey = 'devMessage'): void {
  $devPopup.set({ titleKey, messageKey });
}

export function closeDevPopup(): void {
  $devPopup.set(null);
}
