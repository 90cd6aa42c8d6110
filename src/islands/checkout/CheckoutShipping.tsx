import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatAmount } from '#lib/money.ts';
import type { CheckoutMessageKey } from '#lib/i18n/checkout.ts';
import type { Translate } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { apiRequest, toData } from '#lib/api-client.ts';
import type { Address, DeliveryOption, PickupPoint } from './checkout-api.ts';
import {
  getDefaultAddress,
  getDeliveryType,
  getPickupCities,
  getPickupStates,
  getSavedChoice,
  isPickupOnly,
  keepSelection,
  parseSavedShipping,
  withAllPickupPoints,
  type SavedShipping,
} from './shipping-rules.ts';
import { localState } from '../stored-state.ts';

export interface ShippingSelection {
  addressId: number | null;
  option: DeliveryOption | null;
  point: PickupPoint | null;
}

// Loaded on the first "add address": most checkouts never open it.
const AddressModal = lazy(() => import('../accounts/AddressModal.tsx'));

interface Props {
  locale: Locale;
  t: Translate<CheckoutMessageKey>;
  cartExternalId: string;
  currencyId: number;
  /** Brazilian buyers: store pickup only, no address change, no pickup points. */
  brazilian: boolean;
  cartVersion: number;
  onChange: (selection: ShippingSelection) => void;
}

const SAVED_KEY = 'fronteira_checkout_shipping';

function toOptions(body: unknown): DeliveryOption[] {
  if (Array.isArray(body)) return body as DeliveryOption[];
  const record = (body ?? {}) as Record<string, unknown>;
  const list = record.data ?? record.opcoes ?? record.options;
  return Array.isArray(list) ? (list as DeliveryOption[]) : [];
}

/** The shipping calculator of checkout (accounts spec sections 2 and 4). */
export default function CheckoutShipping({ locale, t, cartExternalId, currencyId, brazilian, cartVersion, onChange }: Props) {
  const [addresses, setAddresses] = useState<Address[]>([]);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [changing, setChanging] = useState(false);
  const [adding, setAdding] = useState(false);
  const [options, setOptions] = useState<DeliveryOption[]>([]);
  const [option, setOption] = useState<DeliveryOption | null>(null);
  const [state, setState] = useState('');
  const [city, setCity] = useState('');
  const [point, setPoint] = useState<PickupPoint | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<CheckoutMessageKey | null>(null);
  // The choice as the shopper last left it, read when a recalculation comes back.
  const selection = useRef({ option, point });
  useEffect(() => {
    selection.current = { option, point };
  });
  // The choice kept from the last visit, read once before this visit's first write replaces it.
  const saved = useRef<SavedShipping | null | undefined>(undefined);
  saved.current ??= parseSavedShipping(localState.get(SAVED_KEY));

  /** Loads the addresses and selects `chosen`, else the saved one, else the default (spec section 4). */
  async function loadAddresses(chosen: number | null) {
    const found = toData(await apiRequest<Address[] | { data: Address[] }>('GET', '/ecom/cliente/address'));
    const list = (Array.isArray(found) ? found : (found?.data ?? [])).filter((address) => address.ativo !== false);
    setAddresses(list);
    const wanted = chosen ?? saved.current?.addressId ?? null;
    setAddressId(list.some((address) => address.id === wanted) ? wanted : (getDefaultAddress(list)?.id ?? null));
  }

  useEffect(() => {
    if (!brazilian) void loadAddresses(null);
  }, [brazilian]);

  /** The city a saved choice belongs to: the address's (state too: two states may share a city's name). */
  function cityOf(id: number | null): string | null {
    const found = addresses.find((item) => item.id === id);
    return found ? `${found.cidade}, ${found.estado}` : null;
  }

  async function calculate(body: Record<string, unknown>): Promise<DeliveryOption[] | null> {
    if (!cartExternalId) {
      setError('missingCart');
      return null;
    }
    setLoading(true);
    const defined = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null && value !== undefined));
    const answer = await apiRequest<unknown>('PUT', `/ecom/venda/carrinho/${encodeURIComponent(cartExternalId)}/calcular-frete`, defined);
    setLoading(false);
    if (!answer.ok || !answer.data) {
      setError('api_error');
      return null;
    }
    setError(null);
    return toOptions(answer.data);
  }

  /** Every pickup point, signed for this cart: the chooser offers points in any city (spec section 4). */
  async function loadAllPoints(): Promise<PickupPoint[] | null> {
    const points = toData(
      await apiRequest<PickupPoint[]>('GET', `/ecom/venda/carrinho/${encodeURIComponent(cartExternalId)}/pontos-entrega`),
    );
    return Array.isArray(points) ? points : null;
  }

  useEffect(() => {
    if (!brazilian && addressId === null) return;
    let cancelled = false;
    const quote = calculate({ cliente_endereco_id: brazilian ? null : addressId, moeda_id: currencyId });
    void Promise.all([quote, brazilian || !cartExternalId ? [] : loadAllPoints()]).then(([list, all]) => {
      if (cancelled || !list) return;
      if (all === null) setError('pickup_points_error'); // the address's own points are still offered
      const visible = brazilian
        ? list.filter((item) => getDeliveryType(item) === 'pickup')
        : withAllPickupPoints(list, all ?? [], t('pickupPoint'));
      setOptions(visible);
      // Nothing chosen yet on this visit: the choice made before for this same city, if still offered.
      const current = selection.current.option ? selection.current : getSavedChoice(visible, saved.current ?? null, cityOf(addressId));
      const next = keepSelection(visible, current);
      setOption(next.option);
      setPoint(next.point);
      if (next.point) {
        setState(next.point.estado);
        setCity(next.point.cidade);
      } else if (!next.kept) {
        setState('');
        setCity('');
      }
    });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recalculates on a new address, country or cart only (calculate and t are new on every render)
  }, [addressId, brazilian, cartVersion]);

  useEffect(() => {
    onChange({ addressId, option, point });
    const kept: SavedShipping = {
      addressId,
      city: cityOf(addressId),
      type: option ? getDeliveryType(option) : null,
      serviceId: option?.entrega_servico_id ?? null,
      pointId: point?.id ?? null,
    };
    localState.set(SAVED_KEY, JSON.stringify(kept));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onChange is the parent's callback, new on each of its renders: following it would loop
  }, [addressId, option, point]);

  async function choosePoint(chosen: PickupPoint | null) {
    setPoint(chosen);
    if (!chosen || !option) return;
    // Spec section 4: a chosen point recalculates shipping for that point (fresh price and token).
    const list = await calculate({
      cliente_endereco_id: addressId,
      cidade_id: chosen.cidade_id,
      id_ponto_entrega: chosen.id,
      moeda_id: currencyId,
    });
    const fresh = list?.flatMap((item) => item.opcionais?.pontos_entrega ?? []).find((item) => item.id === chosen.id);
    if (fresh) setPoint(fresh);
    else setError('pickup_point_error');
  }

  const address = addresses.find((item) => item.id === addressId) ?? null;
  const points = option ? (option.opcionais?.pontos_entrega ?? []) : [];
  const states = getPickupStates(points);
  const cities = state ? getPickupCities(points, state) : [];
  const cityPoints = points.filter((item) => item.estado === state && item.cidade === city);
  // Spec section 4: a single state or city is selected for the shopper.
  const onlyState = states.length === 1 ? states[0] : undefined;
  const onlyCity = cities.length === 1 ? cities[0] : undefined;
  useEffect(() => {
    if (onlyState && !state) setState(onlyState);
  }, [onlyState, state]);
  useEffect(() => {
    if (onlyCity && !city) setCity(onlyCity);
  }, [onlyCity, city]);

  return (
    <section className="co-shipping" aria-labelledby="co-shipping-title" aria-busy={loading}>
      <h2 id="co-shipping-title">{t('deliveryMethods')}</h2>
      {brazilian ? (
        <p className="co-notice">{t('brazilPickupNotice')}</p>
      ) : (
        <div className="co-address">
          <h3>{t('deliveryAddress')}</h3>
          {addresses.length === 0 ? (
            <p>{t('noAddresses')}</p>
          ) : changing ? (
            <ul className="co-choices">
              {addresses.map((item) => (
                <li key={item.id}>
                  <label>
                    <input
                      type="radio"
                      name="co-address"
                      checked={item.id === addressId}
                      onChange={() => {
                        setAddressId(item.id);
                        setChanging(false);
                      }}
                    />{' '}
                    {item.nome}: {item.logradouro}, {item.numero} — {item.cidade}
                  </label>
                </li>
              ))}
            </ul>
          ) : (
            address && (
              <p>
                {address.nome}: {address.logradouro}, {address.numero}, {address.bairro} — {address.cidade}, {address.estado}
                {addresses.length > 1 && (
                  <button type="button" className="co-link" onClick={() => setChanging(true)}>
                    {t('changeAddress')}
                  </button>
                )}
              </p>
            )
          )}
          <button type="button" className="co-link" onClick={() => setAdding(true)}>
            {t('addAddress')}
          </button>
          {adding && (
            <Suspense fallback={null}>
              {/* A new address becomes the selected one, which recalculates shipping. */}
              <AddressModal
                locale={locale}
                brazilian={false}
                editing={null}
                open
                onSaved={(saved) => {
                  setChanging(false);
                  void loadAddresses(saved.id);
                }}
                onClose={() => setAdding(false)}
              />
            </Suspense>
          )}
        </div>
      )}
      {loading && (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t('calculatingShipping')}
        </p>
      )}
      {!brazilian && isPickupOnly(options) && <p className="co-notice">{t('pickupOnlyNotice')}</p>}
      <ul className="co-choices">
        {options.map((item, index) => (
          <li key={`${item.entrega_servico_id ?? 'pickup'}-${index}`} data-delivery-type={getDeliveryType(item)}>
            <label>
              <input
                type="radio"
                name="co-option"
                checked={option === item}
                onChange={() => {
                  setOption(item);
                  setPoint(null);
                  setState('');
                  setCity('');
                }}
              />
              <span>
                {item.descricao}
                {item.prazo ? ` · ${t('deliveryDays', { n: item.prazo })}` : ''}
              </span>
              <strong>{item.valor === 0 ? t('free') : formatAmount(item.valor, currencyId)}</strong>
            </label>
          </li>
        ))}
      </ul>
      {!brazilian && option && getDeliveryType(option) === 'pickup_point' && (
        <div className="co-points">
          <label>
            {t('pickupState')}
            <select
              value={state}
              onChange={(event) => {
                setState(event.target.value);
                setCity('');
                void choosePoint(null);
              }}
            >
              <option value="">{t('chooseOption')}</option>
              {states.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('pickupCity')}
            <select
              value={city}
              disabled={!state}
              onChange={(event) => {
                setCity(event.target.value);
                void choosePoint(null);
              }}
            >
              <option value="">{t('chooseOption')}</option>
              {cities.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          {city && cityPoints.length === 0 && <p>{t('noPickupPoints')}</p>}
          <ul className="co-choices">
            {cityPoints.map((item) => (
              <li key={item.id}>
                <label>
                  <input type="radio" name="co-point" checked={point?.id === item.id} onChange={() => void choosePoint(item)} />
                  <span>
                    {item.nome} — {item.endereco}
                    {item.horario_atendimento ? ` (${item.horario_atendimento})` : ''}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p className="co-error" role="alert">
          {t(error)}
        </p>
      )}
    </section>
  );
}
