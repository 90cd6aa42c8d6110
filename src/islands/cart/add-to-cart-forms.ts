// The add-to-cart forms of product cards (AddToCartForm.astro): add through the cart store, say
// what happened. Part of the one page script (shop-page.ts), so it runs on every shop page and does
// nothing where its markup is absent.
import { addToCart, startCart } from './cart-store.ts';
import { NOTICE_MS, toNoticeText } from './format.ts';
import { cartMessages } from '#lib/i18n/cart.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { toPageLocale } from '#lib/locale.ts';

const t = createTranslator(cartMessages, toPageLocale(document.documentElement.lang));
const timers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();
function say(form: HTMLFormElement, text: string, tone: 'ok' | 'warn') {
  const notice = form.querySelector<HTMLElement>('.add-to-cart__notice');
  if (!notice) return;
  notice.textContent = text;
  notice.dataset.tone = tone;
  clearTimeout(timers.get(notice));
  timers.set(
    notice,
    setTimeout(() => {
      notice.textContent = '';
    }, NOTICE_MS),
  );
}
/** Sends the add-to-cart forms through the cart store. */
export function startAddToCartForms(): void {
  const first = document.querySelector<HTMLFormElement>('form[data-add-to-cart]');
  if (first) void startCart(Number(first.dataset.currency));
  const addFromForm = async (event: SubmitEvent): Promise<void> => {
    const form = (event.target as Element | null)?.closest<HTMLFormElement>('form[data-add-to-cart]');
    if (!form) return;
    event.preventDefault();
    const button = form.querySelector<HTMLButtonElement>('button');
    if (button?.getAttribute('aria-busy') === 'true') return;
    void startCart(Number(form.dataset.currency));
    button?.setAttribute('aria-busy', 'true');
    const quantity = Number(new FormData(form).get('qtde') ?? 1);
    const result = await addToCart({ id: Number(form.dataset.productId), qtde_disponivel: Number(form.dataset.stock) }, quantity);
    button?.removeAttribute('aria-busy');
    if (result.notice) say(form, toNoticeText(t, result.notice), 'warn');
    else say(form, t('added'), 'ok');
  };
  document.addEventListener('submit', (event) => void addFromForm(event));
}
