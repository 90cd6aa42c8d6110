/**
 * The arrows of each horizontal scroll row on the page (`[data-scroll-row]` holding `[data-track]`,
 * `[data-prev]` and `[data-next]`: the home's most-searched row, a product's related products).
 * Without JavaScript the row scrolls by touch or trackpad and hidden arrows stay hidden. Each
 * arrow moves the row by its visible width, and is disabled while the row's first (previous) or
 * last (next) item is fully in view.
 *
 * Which items are in view is watched by an IntersectionObserver instead of reading scrollLeft and
 * scrollWidth: a layout read while the page loads made the browser lay out the whole page inside
 * the script's task (issue 3's total blocking time), and for a row below the fold it also undid
 * content-visibility: auto, which skips laying that row out until it nears the viewport.
 */
const FULLY_IN_VIEW = 0.95;

function setUpArrows(track: HTMLElement, prev: HTMLButtonElement, next: HTMLButtonElement): void {
  prev.hidden = false;
  next.hidden = false;
  prev.addEventListener('click', () => track.scrollBy({ left: -track.clientWidth, behavior: 'smooth' }));
  next.addEventListener('click', () => track.scrollBy({ left: track.clientWidth, behavior: 'smooth' }));
  const first = track.firstElementChild;
  const last = track.lastElementChild;
  // A row starts at its beginning: nothing before it until the observer says otherwise.
  prev.disabled = true;
  if (!first || !last) {
    next.disabled = true;
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const inView = entry.intersectionRatio >= FULLY_IN_VIEW;
        if (entry.target === first) prev.disabled = inView;
        if (entry.target === last) next.disabled = inView;
      }
    },
    { root: track, threshold: [0, FULLY_IN_VIEW, 1] },
  );
  observer.observe(first);
  if (last !== first) observer.observe(last);
}

/** Sets up the arrows of every scroll row on the page. */
export function startScrollRowArrows(): void {
  for (const row of document.querySelectorAll<HTMLElement>('[data-scroll-row]')) {
    const track = row.querySelector<HTMLElement>('[data-track]');
    const prev = row.querySelector<HTMLButtonElement>('[data-prev]');
    const next = row.querySelector<HTMLButtonElement>('[data-next]');
    if (track && prev && next) setUpArrows(track, prev, next);
  }
}
