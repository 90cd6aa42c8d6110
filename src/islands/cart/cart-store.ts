import { atom, computed } from 'nanostores';
import {
  createExternalId,
  EXTERNAL_ID_PATTERN,
  FILIAL_ID,
  ARMAZEM_ID,
  getMaxQuantity,
  type CartItemView,
  type CartView,
} from '#lib/contract/cart.ts';
import type { CartInput } from '#lib/contract/cart-schema.ts';
import { apiRequest, toData, toError } from '#lib/api-client.ts';
import { localState, readPageCookie, writePageCookie } from '../stored-state.ts';

/**
 * The shopper's cart (storefront spec section 4): kept on the server under an external id that
 * lives in a cookie and in localStorage (so server routes such as the no-JS add form and
 * /carrinho find the same cart; signing in points the cookie at the account's cart). Every change
 * sends the whole cart with the version it was made from; the server re-checks stock and refuses
 * (409) a change made from a version another tab or device has moved on from.
 */
export const CART_ID_KEY = 'fronteira_cart_id';
export const CART_COOKIE = 'fronteira_cart';

export type CartStatus = 'idle' | 'loading' | 'ready' | 'saving' | 'error';
export const $cart = atom<CartView | null>(null);
export const $cartStatus = atom<CartStatus>('idle');
/** Units in the cart's active lines (the header badge). */
export function countCartItems(cart: CartView | null): number {
  return (cart?.itens ?? []).reduce((sum, item) => (item.ativo ? sum + item.qtde : sum), 0);
}
export const $cartCount = computed($cart, countCartItems);
/** Bumped after every successful change: the shipping calculator recalculates on it. */
export const $cartVersion = atom(0);

/** A refusal the shopper must see: a message key of the cart catalogue with its values. */
export interface CartNotice {
  key:
    | 'stockMax'
    | 'stockTotalExceeds'
    | 'stockRequestedExceeds'
    | 'stockInsufficient'
    | 'noStock'
    | 'unavailable'
    | 'cartError'
    | 'offline'
    | 'cartStale'
    | 'server';
  params?: Record<string, number>;
  message?: string;
}
export type CartResult = { ok: true; notice?: CartNotice } | { ok: false; notice: CartNotice };

let currencyId = 2;
let externalId: string | null = null;
let started: Promise<void> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function storeExternalId(id: string | null): void {
  externalId = id;
  // Refused storage (private mode): the cookie still carries it.
  if (id) localState.set(CART_ID_KEY, id);
  else localState.remove(CART_ID_KEY);
  writePageCookie(CART_COOKIE, id ?? '', id ? 60 * 60 * 24 * 60 : 0);
}

/** The cookie first: signing in (on the server) points it at the account's cart. */
function readExternalId(): string | null {
  const cookieId = readPageCookie(CART_COOKIE);
  if (cookieId && EXTERNAL_ID_PATTERN.test(cookieId)) return cookieId;
  return localState.get(CART_ID_KEY);
}

/** Reads the server's cart again (after it refused a change made from an older version). */
async function reloadCart(): Promise<void> {
  if (!externalId) return;
  const result = await apiRequest<CartView>('GET', `/ecom/venda/carrinho/${encodeURIComponent(externalId)}?moeda_id=${currencyId}`);
  if (result.ok && result.data) {
    $cart.set(result.data);
    $cartVersion.set($cartVersion.get() + 1);
  }
}

/**
 * A new, empty cart: its id is kept in memory only and stored once the cart is saved (an empty
 * cart never is), so the next page does not ask the server for a cart it never had (a 404 on
 * every page view).
 */
function startNewCart(): void {
  storeExternalId(null);
  externalId = createExternalId();
}

/** Loads the saved cart once per page. `currency` is the cart currency the server rendered. */
export function startCart(currency: number): Promise<void> {
  currencyId = currency;
  started ??= (async () => {
    const id = readExternalId();
    if (!id) {
      // Nothing stored to clear: writing the cookie anyway cost every first visit a cookie write.
      externalId = createExternalId();
      $cartStatus.set('ready');
      return;
    }
    storeExternalId(id);
    $cartStatus.set('loading');
    const result = await apiRequest<CartView>('GET', `/ecom/venda/carrinho/${encodeURIComponent(id)}?moeda_id=${currencyId}`);
    if (result.ok && result.data) {
      $cart.set(result.data);
    } else if (result.status === 404 || result.status === 403 || result.status === 400) {
      // Unknown or not ours (any more): a new, empty cart.
      startNewCart();
      $cart.set(null);
    }
    $cartStatus.set(result.status === 0 || result.status >= 500 ? 'error' : 'ready');
  })().catch(() => {
    $cartStatus.set('error');
  });
  return started;
}

function toInput(items: Array<Pick<CartItemView, 'produto_id' | 'qtde' | 'ativo'>>): CartInput {
  return {
    external_id: externalId ?? '',
    filial_id: FILIAL_ID,
    moeda_id: currencyId,
    itens: items.map((item) => ({ produto_id: item.produto_id, qtde: item.qtde, ativo: item.ativo, armazem_id: ARMAZEM_ID })),
  };
}

/** Saves the whole cart: PUT when it exists on the server, else POST (or PUT if the id is taken). */
async function save(items: Array<Pick<CartItemView, 'produto_id' | 'qtde' | 'ativo'>>): Promise<CartResult> {
  const current = $cart.get();
  if (!current && items.length === 0) return { ok: true }; // an empty cart is not saved
  if (!externalId) storeExternalId(createExternalId());
  const body = toInput(items);
  $cartStatus.set('saving');
  let result = current
    ? await apiRequest<CartView>('PUT', `/ecom/venda/carrinho/${current.id}`, { ...body, id: current.id, versao: current.versao })
    : await apiRequest<CartView>('POST', '/ecom/venda/carrinho', body);
  if (!current && result.status === 422 && toError(result).errors.external_id) {
    result = await apiRequest<CartView>('PUT', `/ecom/venda/carrinho/${encodeURIComponent(body.external_id)}`, body);
  }
  if (current && (result.status === 404 || result.status === 403)) {
    storeExternalId(createExternalId());
    result = await apiRequest<CartView>('POST', '/ecom/venda/carrinho', { ...body, external_id: externalId });
  }
  if (current && result.status === 409) {
    // Another tab or device changed the cart since this one last saw it: nothing was written.
    await reloadCart();
    $cartStatus.set('ready');
    return { ok: false, notice: { key: 'cartStale' } };
  }
  $cartStatus.set('ready');
  const saved = toData(result);
  if (saved) {
    if (externalId) storeExternalId(externalId);
    $cart.set(saved);
    $cartVersion.set($cartVersion.get() + 1);
    return { ok: true };
  }
  // No answer at all: nothing was saved, and the shopper learns it needs a connection.
  if (result.status === 0) return { ok: false, notice: { key: 'offline' } };
  const message = toError(result).message;
  if (message) return { ok: false, notice: { key: 'server', message } };
  // Spec section 5: a stock refusal without its own text says 'Estoque insuficiente'.
  return { ok: false, notice: { key: result.status === 409 ? 'stockInsufficient' : 'cartError' } };
}

function enqueue(work: () => Promise<CartResult>): Promise<CartResult> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next.catch(() => ({ ok: false, notice: { key: 'cartError' } }) as CartResult);
}

function lines(): Array<Pick<CartItemView, 'produto_id' | 'qtde' | 'ativo'>> {
  return ($cart.get()?.itens ?? []).map(({ produto_id, qtde, ativo }) => ({ produto_id, qtde, ativo }));
}

/** Quantity of a product already in the cart (active lines only). */
export function getQuantityInCart(productId: number): number {
  return $cart.get()?.itens.find((item) => item.produto_id === productId && item.ativo)?.qtde ?? 0;
}

/**
 * Adds `quantity` of a product: sums with an active line, reactivates a removed one, caps at
 * min(99, stock) and tells why when it had to (spec section 5 messages).
 */
export function addToCart(product: { id: number; qtde_disponivel: number }, quantity = 1): Promise<CartResult> {
  return enqueue(async () => {
    await started;
    const added = await addOnce(product, quantity);
    // An add means the same on the cart as it is now: made again once on the fresh cart, and told.
    if (added.ok || added.notice.key !== 'cartStale') return added;
    const again = await addOnce(product, quantity);
    return again.ok ? { ok: true, notice: added.notice } : again;
  });
}

async function addOnce(product: { id: number; qtde_disponivel: number }, quantity: number): Promise<CartResult> {
  const max = getMaxQuantity(product.qtde_disponivel);
  if (max === 0) return { ok: false, notice: { key: 'noStock' } };
  const inCart = getQuantityInCart(product.id);
  if (inCart >= max) return { ok: false, notice: { key: 'stockTotalExceeds', params: { n: max, m: inCart } } };
  const wanted = Math.max(1, Math.floor(quantity));
  const next = Math.min(inCart + wanted, max);
  const items = lines().filter((item) => item.produto_id !== product.id);
  items.push({ produto_id: product.id, qtde: next, ativo: true });
  const saved = await save(items);
  if (saved.ok && inCart + wanted > max) return { ok: true, notice: { key: 'stockMax', params: { n: max } } };
  return saved;
}

/** Sets a line's quantity; zero or less deletes the line, above the stock cap is refused. */
export function setQuantity(productId: number, quantity: number): Promise<CartResult> {
  return enqueue(async () => {
    const item = $cart.get()?.itens.find((line) => line.produto_id === productId);
    if (!item) return { ok: true };
    if (quantity <= 0) return save(lines().filter((line) => line.produto_id !== productId));
    const max = getMaxQuantity(item.produto.qtde_disponivel);
    if (quantity > max) return { ok: false, notice: { key: 'stockMax', params: { n: max } } };
    return save(lines().map((line) => (line.produto_id === productId ? { ...line, qtde: Math.floor(quantity) } : line)));
  });
}

/** Removing keeps the line as inactive (spec section 4). */
export function removeFromCart(productId: number): Promise<CartResult> {
  return enqueue(() => save(lines().map((line) => (line.produto_id === productId ? { ...line, ativo: false } : line))));
}

/** Clearing starts a new cart under a new external id (spec section 4); logout calls it too. */
export function clearCart(): void {
  startNewCart();
  $cart.set(null);
  $cartVersion.set($cartVersion.get() + 1);
}

export function getCartExternalId(): string | null {
  return externalId;
}
