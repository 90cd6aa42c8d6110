import { useState } from 'react';
import { getMaxQuantity } from '#lib/contract/cart.ts';
import { formatAmount } from '#lib/money.ts';
import type { Translate } from '#lib/i18n/translator.ts';
import type { CheckoutMessageKey } from '#lib/i18n/checkout.ts';
import type { CheckoutCartItem } from './checkout-api.ts';

interface Props {
  t: Translate<CheckoutMessageKey>;
  items: CheckoutCartItem[];
  currencyId: number;
  onQuantity: (productId: number, quantity: number) => Promise<void>;
  onRemove: (productId: number) => Promise<void>;
}

/** Step 0 lines: image, code, name, unit price, minus/plus (1..min(99, stock)), remove with a spinner. */
export default function CheckoutCartLines({ t, items, currencyId, onQuantity, onRemove }: Props) {
  const [busy, setBusy] = useState<number | null>(null);
  async function run(productId: number, work: () => Promise<void>) {
    setBusy(productId);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  }
  return (
    <ul className="co-lines">
      {items.map((item) => {
        const max = Math.max(1, getMaxQuantity(item.produto.qtde_disponivel));
        const image = item.produto.imagens[0]?.url;
        return (
          <li key={item.produto_id} aria-busy={busy === item.produto_id}>
            {image ? <img src={image} alt="" width={72} height={72} loading="lazy" /> : <span className="co-ph" aria-hidden="true" />}
            <div className="co-line-text">
              <a href={`/produto/${item.produto.slug}`}>{item.produto.nome}</a>
              <small>{t('itemCode', { code: item.produto.codigo })}</small>
              <span>{formatAmount(item.valor_unitario, currencyId)}</span>
            </div>
            <div className="co-qty" role="group" aria-label={t('quantity')}>
              <button
                type="button"
                aria-label={t('decrease')}
                disabled={item.qtde <= 1 || busy !== null}
                onClick={() => void run(item.produto_id, () => onQuantity(item.produto_id, item.qtde - 1))}
              >
                −
              </button>
              <output aria-live="polite">{item.qtde}</output>
              <button
                type="button"
                aria-label={t('increase')}
                disabled={item.qtde >= max || busy !== null}
                onClick={() => void run(item.produto_id, () => onQuantity(item.produto_id, item.qtde + 1))}
              >
                +
              </button>
            </div>
            {/* Storefront spec section 5: why plus stopped (the stock, not the 99 cap). */}
            {item.qtde >= max && max < getMaxQuantity() && (
              <small className="co-stock-max" role="status">
                {t('stockMaxAvailable', { n: max })}
              </small>
            )}
            <button
              type="button"
              className="co-remove"
              disabled={busy !== null}
              onClick={() => void run(item.produto_id, () => onRemove(item.produto_id))}
            >
              {busy === item.produto_id ? (
                <>
                  <span className="spinner" aria-hidden="true" /> {t('removing')}
                </>
              ) : (
                t('remove')
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
