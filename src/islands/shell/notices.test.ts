import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $devPopup, $toasts, closeDevPopup, dismissToast, openDevPopup, showToast } from './notices.ts';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    $toasts.set([]);
  });
  afterEach(() => vi.useRealTimers());

  it('dismisses ordinary toasts after 4 s and errors after 6 s', () => {
    showToast('Salvo', 'success');
    showToast('Falhou', 'error');
    expect($toasts.get().map((toast) => toast.kind)).toEqual(['success', 'error']);
    vi.advanceTimersByTime(3999);
    expect($toasts.get()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect($toasts.get().map((toast) => toast.kind)).toEqual(['error']);
    vi.advanceTimersByTime(2000);
    expect($toasts.get()).toEqual([]);
  });

  it('can be closed early', () => {
    const id = showToast('Olá');
    dismissToast(id);
    expect($toasts.get()).toEqual([]);
  });
});

describe('development popup', () => {
  it('opens with the default keys or the given ones, and closes', () => {
    openDevPopup();
    expect($devPopup.get()).toEqual({ titleKey: 'devTitle', messageKey: 'devMessage' });
    openDevPopup('devTitle', 'searchLoading');
    expect($devPopup.get()?.messageKey).toBe('searchLoading');
    closeDevPopup();
    expect($devPopup.get()).toBeNull();
  });
});
