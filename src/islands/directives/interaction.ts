/**
 * `client:interaction`: hydrates an island on the shopper's first pointer, touch, focus or key
 * inside it, so islands that only react to the shopper (search suggestions, the cart drawer)
 * cost no JavaScript while the page loads (issue 3's TBT budget). A click or submit that arrives
 * while the island's code is still loading is held and replayed once React owns the markup:
 * without that, the cart link would navigate to /carrinho instead of opening the drawer.
 * Registered in astro.config.mjs; Astro inlines this file into pages that use it.
 */
type Load = () => Promise<() => Promise<void>>;

const STARTERS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

export default function interactionDirective(load: Load, _options: unknown, el: HTMLElement): void {
  const held: Array<{ type: 'click' | 'submit'; target: Element }> = [];
  let started = false;

  function hold(event: Event): void {
    if (!(event.target instanceof Element)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push({ type: event.type as 'click' | 'submit', target: event.target });
    void start();
  }

  async function start(): Promise<void> {
    if (started) return;
    started = true;
    for (const type of STARTERS) el.removeEventListener(type, start);
    try {
      const hydrate = await load();
      await hydrate();
    } catch (error) {
      // Offline with the code never cached, say: the server-rendered link or form still works.
      console.error('island code failed to load', error);
    }
    el.removeEventListener('click', hold, true);
    el.removeEventListener('submit', hold, true);
    // React has its listeners on the island now (a held event hydrates it synchronously and
    // runs); if the code failed, the event does what the plain markup does.
    for (const { type, target } of held) {
      if (type === 'click') target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
      if (type === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
    }
  }

  for (const type of STARTERS) el.addEventListener(type, start, { passive: true });
  el.addEventListener('click', hold, true);
  el.addEventListener('submit', hold, true);
}
