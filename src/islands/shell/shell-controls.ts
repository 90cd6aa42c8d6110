// Progressive enhancement for the shell (no framework): Escape and outside clicks close menus,
// the sidebar opens without touching the address and locks the page scroll, "receive offers"
// scrolls to the offers block, and the service worker registers. The first part the page script
// (shop-page.ts) starts; it was an inline module of its own in every page before.
import { sessionState } from '../stored-state.ts';

const OFFERS_FLAG = 'fronteira:scroll-offers';
const OFFERS_DELAY_MS = 2000;
let sidebar: HTMLDialogElement | null = null;
let sidebarOpener: HTMLElement | null = null;

function closeMenus(except?: Element) {
  document.querySelectorAll<HTMLDetailsElement>('details[data-menu][open]').forEach((menu) => {
    if (menu !== except) menu.open = false;
  });
}
/** A modal <dialog>: the page behind turns inert, so focus stays in the panel until it closes. */
function openSidebar(opener: HTMLElement) {
  if (!sidebar) return;
  sidebarOpener = opener;
  sidebar.classList.add('is-open');
  document.body.classList.add('is-locked');
  if (!sidebar.open) sidebar.showModal();
  sidebar.querySelector<HTMLElement>('.sidebar__close')?.focus();
}
function closeSidebar() {
  if (!sidebar) return;
  if (sidebar.open)
    sidebar.close(); // its close event restores the page (onSidebarClosed)
  else onSidebarClosed();
}
function onSidebarClosed() {
  if (!sidebar) return;
  sidebar.classList.remove('is-open');
  document.body.classList.remove('is-locked');
  if (location.hash === '#departamentos') history.replaceState(null, '', location.pathname + location.search);
  sidebarOpener?.focus();
}
/** Tab past the last control comes back to the first (and back): the browser's own bar is not the panel. */
function keepFocusInSidebar(event: KeyboardEvent) {
  if (event.key !== 'Tab' || !sidebar?.open) return;
  const focusable = [...sidebar.querySelectorAll<HTMLElement>('a[href]:not([tabindex="-1"]), summary, button')].filter((el) =>
    el.checkVisibility(),
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
function scrollToOffers() {
  document.getElementById('ofertas')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** Wires the shell's menus, sidebar, offers link and service worker. */
export function startShellControls(): void {
  sidebar = document.querySelector<HTMLDialogElement>('dialog[data-sidebar]');
  sidebar?.addEventListener('close', onSidebarClosed);
  sidebar?.addEventListener('keydown', keepFocusInSidebar);
  // A click on the dialog itself (not the panel) is a click on the dimmed page around it.
  sidebar?.addEventListener('click', (event) => {
    if (event.target === sidebar) closeSidebar();
  });
  sidebar?.setAttribute('data-ready', ''); // tests wait for it before using the keyboard
  document.addEventListener('click', (event) => {
    const target = event.target as Element;
    const opener = target.closest<HTMLElement>('[data-sidebar-open]');
    if (opener) {
      event.preventDefault();
      openSidebar(opener);
      return;
    }
    if (target.closest('[data-sidebar-close]')) {
      event.preventDefault();
      closeSidebar();
      return;
    }
    const offers = target.closest('[data-offers-link]');
    if (offers) {
      event.preventDefault();
      if (sidebar?.classList.contains('is-open')) closeSidebar();
      if (document.getElementById('ofertas')) scrollToOffers();
      else {
        sessionState.set(OFFERS_FLAG, '1');
        location.assign('/');
      }
      return;
    }
    closeMenus(target.closest('details[data-menu]') ?? undefined);
  });

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    if (sidebar?.open) return; // the dialog closes itself on Escape (its cancel event)
    if (location.hash === '#departamentos') {
      closeSidebar();
      return;
    }
    const openMenu = document.querySelector<HTMLDetailsElement>('details[data-menu][open]');
    if (openMenu) {
      openMenu.open = false;
      openMenu.querySelector('summary')?.focus();
      return;
    }
    const mega = document.querySelector<HTMLElement>('[data-mega]');
    if (mega?.matches(':focus-within, :hover')) {
      mega.classList.add('is-closed');
      mega.querySelector<HTMLElement>('.mega__trigger')?.focus();
    }
  });
  document
    .querySelector('[data-mega]')
    ?.addEventListener('mouseleave', (event) => (event.currentTarget as Element).classList.remove('is-closed'));
  document.querySelector('[data-mega]')?.addEventListener('focusout', (event) => {
    const mega = event.currentTarget as Element;
    if (!mega.contains((event as FocusEvent).relatedTarget as Node | null)) mega.classList.remove('is-closed');
  });

  if (sessionState.get(OFFERS_FLAG) && document.getElementById('ofertas')) {
    sessionState.remove(OFFERS_FLAG);
    setTimeout(scrollToOffers, OFFERS_DELAY_MS);
  }

  if ('serviceWorker' in navigator && location.protocol !== 'file:') {
    const register = () => {
      navigator.serviceWorker.register('/sw.js').catch(() => undefined);
    };
    // Started in turns, this may run after the load event: then register at once.
    if (document.readyState === 'complete') register();
    else addEventListener('load', register);
  }
}
