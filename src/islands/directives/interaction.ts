/**
 * `client:interaction`: hydrates an island on the shopper's first pointer, touch, focus or key
 * inside it, so islands that only react to the shopper (search suggestions, the cart drawer)
 * cost no JavaScript while the page loads (issue 3's TBT budget). A click or submit that arrives
 * while the island's code is still loading is held and replayed once React owns the markup:
 * without that, the cart link would navigate to /carrinho instead of opening the drawer. A
 * choice made in a select meanwhile is made again once React has committed the hydration.
 * `client:interaction="storage-key"`: hydrate at idle anyway when the browser has that
 * localStorage key (a returning shopper's saved choice the island must show at once).
 * Registered in astro.config.mjs; Astro inlines this file into pages that use it.
 */
import { localState, whenPageCookiesRead } from '../stored-state.ts';

type Load = () => Promise<() => Promise<void>>;

const STARTERS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** The storage key an island named, if any. */
function toStorageKey(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * Resolves once React has committed the hydration of `island` (or after about 5 s, when it never
 * does). Seeing React's props on an element is not enough: a concurrent hydration renders (and
 * tags the elements) before it commits, and an event replayed in between is dropped, the select
 * put back to its rendered value. React keeps its root on the container it hydrated: the
 * root's state stops being `isDehydrated` at the commit.
 */
async function whenHydrated(island: Element): Promise<void> {
  for (let frame = 0; frame < 300; frame += 1) {
    const key = Object.keys(island).find((name) => name.startsWith('__reactContainer$'));
    const rootFiber = key
      ? (island as unknown as Record<string, { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }>)[key]
      : undefined;
    if (rootFiber?.stateNode?.current?.memoizedState?.isDehydrated === false) return;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

export default function interactionDirective(load: Load, options: { value?: unknown }, el: HTMLElement): void {
  const held: Array<{ type: 'click' | 'submit'; target: Element }> = [];
  // A choice is kept by the select's position in the island: React may have rendered new elements.
  const chosen = new Map<number, string>();
  let started = false;
  /** True while a held event is dispatched again: `hold` lets it through. */
  let replaying = false;

  function remember(event: Event): void {
    if (event.target instanceof HTMLSelectElement) chosen.set([...el.querySelectorAll('select')].indexOf(event.target), event.target.value);
    void start();
  }

  function hold(event: Event): void {
    if (replaying || !(event.target instanceof Element)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push({ type: event.type as 'click' | 'submit', target: event.target });
    void start();
  }

  // A listener answers nothing: the load's own errors are caught in start().
  function onStarter(): void {
    void start();
  }

  async function start(): Promise<void> {
    if (started) return;
    started = true;
    for (const type of STARTERS) el.removeEventListener(type, onStarter);
    try {
      const hydrate = await load();
      await hydrate();
    } catch (error) {
      // Offline with the code never cached, say: the server-rendered link or form still works.
      console.error('island code failed to load', error);
    }
    el.removeEventListener('change', remember, true);
    if (chosen.size > 0) await whenHydrated(el);
    for (const [position, value] of chosen) {
      const select = el.querySelectorAll('select')[position];
      if (!select) continue;
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    // React has its listeners on the island now (a held event hydrates it synchronously and
    // runs); if the code failed, the event does what the plain markup does. One event per task,
    // in the order they came (clicks arriving meanwhile queue behind them): React applies an
    // event's state in a microtask, and two taps on '+' replayed back to back both saw the
    // quantity from before the first.
    while (held.length > 0) {
      const { type, target } = held.shift() as (typeof held)[number];
      replaying = true;
      try {
        if (type === 'click') target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
        if (type === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
      } finally {
        replaying = false;
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    el.removeEventListener('click', hold, true);
    el.removeEventListener('submit', hold, true);
  }

  for (const type of STARTERS) el.addEventListener(type, onStarter, { passive: true });
  el.addEventListener('click', hold, true);
  el.addEventListener('submit', hold, true);
  el.addEventListener('change', remember, true);
  const key = toStorageKey(options.value);
  if (key === null) return;
  void whenPageCookiesRead().then(() => {
    if (localState.get(key) === null) return;
    if ('requestIdleCallback' in window) requestIdleCallback(() => void start(), { timeout: 2000 });
    else setTimeout(() => void start(), 200);
  });
}
