import { useEffect, useRef, useState } from 'react';
import { getOptionKey, type DeliveryOption, type PlaceOption } from '#lib/contract/shipping.ts';
import { shippingMessages } from '#lib/i18n/shipping.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { COUNTRY, type Locale } from '#lib/locale.ts';
import { $cart, $cartStatus, $cartVersion, getCartExternalId, startCart } from '../cart/cart-store.ts';
import { formatAmount, type RateLike } from '#lib/money.ts';
import OtherCurrencies from '../cart/OtherCurrencies.tsx';
import { apiRequest, toData, toError } from '#lib/api-client.ts';
import {
  $shippingOptions,
  $shippingSelection,
  applyOptions,
  chooseOption,
  readSavedShipping,
  resetShipping,
  saveShipping,
} from './shipping-store.ts';
import './shipping.css';
import { useSharedStore } from '../shell/use-shared-store.ts';

interface Props {
  locale: Locale;
  currencyId: number;
  /** 'cart' calculates the saved cart (with tokens); 'product' estimates a city for a product page. */
  mode: 'cart' | 'product';
  /** Brazilian buyers: store pickup only, no state/city choice. */
  pickupOnly: boolean;
  /** Cart mode: whether the server-rendered cart has items (until the cart store has loaded). */
  cartHasItems?: boolean;
  /** Paraguay's departments, when the page rendered them (else fetched on hydration). */
  states?: PlaceOption[];
  /** Cart mode: today's USD rates, for the summary's other currencies (decision 1220). */
  rates?: readonly RateLike[];
}

const RETRY_MS = 2000;

/** State, then city, then the delivery options with pickup points (storefront spec sections 4 and 8). */
export default function ShippingCalculator({
  locale,
  currencyId,
  mode,
  pickupOnly,
  cartHasItems = true,
  states: renderedStates = [],
  rates = [],
}: Props) {
  const t = createTranslator(shippingMessages, locale);
  const options = useSharedStore($shippingOptions);
  const selection = useSharedStore($shippingSelection);
  const cart = useSharedStore($cart);
  const version = useSharedStore($cartVersion);
  const cartStatus = useSharedStore($cartStatus);
  const [states, setStates] = useState<PlaceOption[]>(renderedStates);
  const [cities, setCities] = useState<PlaceOption[]>([]);
  const [stateId, setStateId] = useState<number | null>(null);
  const [cityId, setCityId] = useState<number | null>(null);
  const [status, setStatus] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const retry = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (mode === 'cart') void startCart(currencyId);
    if (pickupOnly) return;
    const saved = readSavedShipping();
    const restore = () => {
      if (saved.stateId) void loadCities(saved.stateId, saved.cityId);
    };
    if (renderedStates.length > 0) restore();
    else {
      void apiRequest<{ data: Array<{ estado_id: number; estado_nome: string }> }>(
        'GET',
        `/ecom/endereco/estados?pais_id=${COUNTRY.PY}`,
      ).then((r) => {
        setStates((toData(r)?.data ?? []).map((s) => ({ id: s.estado_id, name: s.estado_nome })));
        restore();
      });
    }
    return () => clearTimeout(retry.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- starts once, on mount, from the props the page rendered
  }, []);

  async function loadCities(id: number, keepCity: number | null = null) {
    setStateId(id);
    setCityId(keepCity);
    setCities([]);
    const r = await apiRequest<{ data: Array<{ cidade_id: number; nome_cidade: string }> }>('GET', `/ecom/endereco/estados/${id}/cidades`);
    setCities((toData(r)?.data ?? []).map((c) => ({ id: c.cidade_id, name: c.nome_cidade })));
  }

  async function calculate(city: number | null, attempt = 0): Promise<void> {
    clearTimeout(retry.current);
    setError(null);
    if (mode === 'product') {
      if (!city) return;
      setStatus('busy');
      const r = await apiRequest<DeliveryOption[]>('GET', `/ecom/endereco/frete?cidade_id=${city}&moeda_id=${currencyId}`);
      setStatus('done');
      if (r.ok && r.data) applyOptions(r.data);
      else setError(t('calcRetry'));
      return;
    }
    const externalId = getCartExternalId();
    const current = $cart.get();
    if (!externalId) {
      // The cart id comes with the cart store: try again shortly (spec: 2 s).
      if (attempt < 3) retry.current = setTimeout(() => void calculate(city, attempt + 1), RETRY_MS);
      else setError(t('missingCart'));
      return;
    }
    if (!current || !current.itens.some((item) => item.ativo) || (!city && !pickupOnly)) {
      resetShipping();
      if (current?.itens.some((item) => item.ativo) && !pickupOnly) setError(null);
      else if (city || pickupOnly) setError(t('needCityAndItems'));
      return;
    }
    setStatus('busy');
    const r = await apiRequest<DeliveryOption[]>('PUT', `/ecom/venda/carrinho/${encodeURIComponent(externalId)}/calcular-frete`, {
      cidade_id: city,
      id: current.id,
      external_id: externalId,
      filial_id: 1,
      moeda_id: current.moeda_id,
      cep: '',
      itens: current.itens.map(({ produto_id, armazem_id, valor_unitario, qtde, ativo }) => ({
        produto_id,
        armazem_id,
        valor_unitario,
        qtde,
        ativo,
      })),
    });
    setStatus('done');
    if (r.ok && r.data) applyOptions(r.data);
    else {
      resetShipping();
      setError(r.status === 404 ? t('missingCart') : (toError(r).message ?? t('calcRetry')));
    }
  }

  // Any cart change recalculates (spec section 4), as does the city.
  useEffect(() => {
    if (pickupOnly || cityId) void calculate(cityId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recalculates on a new city or cart only (calculate is a new function on every render)
  }, [cityId, version, cart?.id]);

  const deliveries = options.filter((option) => option.tipo === 'delivery');
  const hasPoints = options.some((option) => option.tipo === 'pickup_point');
  const money = (value: number, option: DeliveryOption) => (value === 0 ? t('free') : formatAmount(value, option.moeda.id));
  // Nothing to ship: an empty cart shows no calculator (and no 'choose a city' error).
  const cartLoaded = cartStatus !== 'idle' && cartStatus !== 'loading';
  const hasItems = cartLoaded ? Boolean(cart?.itens.some((item) => item.ativo)) : cartHasItems;
  // An empty slot, not nothing: `client:visible` watches the island's rendered children, so a page
  // rendered without the cart's items (its read failed, or the cookie was gone while this browser
  // still knew the cart) would otherwise never hydrate the calculator once the items arrive.
  if (mode === 'cart' && !hasItems) return <div className="shipping-slot" />;

  return (
    <section className="shipping" aria-labelledby="shipping-title">
      <h2 id="shipping-title" className="shipping__title">
        {t('title')}
      </h2>
      {pickupOnly ? (
        <p className="shipping__note">{t('pickupOnlyBrazil')}</p>
      ) : (
        <div className="shipping__places">
          <label>
            <span>{t('state')}</span>
            <select
              aria-label={t('state')}
              value={stateId ?? ''}
              onChange={(e) => {
                const id = Number(e.currentTarget.value) || null;
                resetShipping();
                saveShipping({ stateId: id, cityId: null });
                if (id) void loadCities(id);
                else {
                  setStateId(null);
                  setCityId(null);
                  setCities([]);
                }
              }}
            >
              <option value="">{t('chooseState')}</option>
              {states.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('city')}</span>
            <select
              aria-label={t('city')}
              value={cityId ?? ''}
              disabled={!stateId || cities.length === 0}
              onChange={(e) => {
                const id = Number(e.currentTarget.value) || null;
                saveShipping({ cityId: id });
                setCityId(id);
              }}
            >
              <option value="">{t('chooseCity')}</option>
              {cities.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {status === 'busy' && (
        <p className="shipping__busy" role="status">
          {t('calculating')}
        </p>
      )}
      {error && (
        <p className="shipping__error" role="alert">
          {error}
        </p>
      )}
      {options.length > 0 && (
        <fieldset className="shipping__options">
          <legend>{t('options')}</legend>
          {!pickupOnly && deliveries.length === 0 && <p className="shipping__note">{t('noDelivery')}</p>}
          {options.map((option) => {
            const key = getOptionKey(option);
            const checked = selection.option !== null && getOptionKey(selection.option) === key;
            return (
              <div key={key} className="shipping__option" data-option={option.tipo}>
                <label>
                  <input type="radio" name="shipping-option" checked={checked} onChange={() => chooseOption(option)} />
                  <span className="shipping__desc">{option.descricao}</span>
                  <span className="shipping__days">{option.prazo === 0 ? t('sameDay') : t('days', { n: option.prazo })}</span>
                  <strong className="shipping__price">{money(option.valor, option)}</strong>
                </label>
                {option.tipo === 'pickup_point' && checked && (
                  <ul className="shipping__points" aria-label={t('pickupPoints')}>
                    {option.opcionais.pontos_entrega.map((point) => (
                      <li key={point.id}>
                        <label>
                          <input
                            type="radio"
                            name="shipping-point"
                            checked={selection.point?.id === point.id}
                            onChange={() => chooseOption(option, point)}
                          />
                          <span>
                            <strong>{point.nome}</strong> — {point.endereco}, {point.cidade}
                            <br />
                            <small>
                              {t('hours', { hours: point.horario_atendimento })} · {money(point.valor, option)}
                            </small>
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            );
          })}
          {!pickupOnly && !hasPoints && <p className="shipping__note">{t('noPickupPoints')}</p>}
        </fieldset>
      )}
      {mode === 'cart' && cart && selection.option && (
        <dl className="shipping__summary">
          <div>
            <dt>{t('shippingCost')}</dt>
            <dd>
              <span data-testid="shipping-cost">{money(selection.cost, selection.option)}</span>
              {selection.cost > 0 && (
                <OtherCurrencies
                  lines={[{ valor_unitario: selection.cost, qtde: 1 }]}
                  currencyId={selection.option.moeda.id}
                  locale={locale}
                  rates={rates}
                />
              )}
            </dd>
          </div>
          <div>
            <dt>{t('totalWithShipping')}</dt>
            <dd>
              {formatAmount(cart.valor_total + selection.cost, cart.moeda_id)}
              <OtherCurrencies
                lines={[...cart.itens.filter((item) => item.ativo), { valor_unitario: selection.cost, qtde: 1 }]}
                currencyId={cart.moeda_id}
                locale={locale}
                rates={rates}
              />
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
