import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import * as z from 'zod/mini';
import { createAddressSchema, type AccountAddress } from '#lib/contract/accounts.ts';
import { formatCep, toDigits } from '#lib/documents.ts';
import { accountMessages } from '#lib/i18n/accounts.ts';
import { formMessages } from '#lib/i18n/forms.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { Field, Select } from './fields.tsx';
import { apiRequest, toError, toFirstErrors } from '#lib/api-client.ts';
import { loadCities, loadStates, lookupCep, type CepMiss, type CityOption, type StateOption } from './reference.ts';

export interface AddressModalProps {
  locale: Locale;
  /** The mode a new address starts in (the buyer's country). */
  brazilian: boolean;
  /** The address to edit; null adds a new one. */
  editing: AccountAddress | null;
  open: boolean;
  onSaved(address: AccountAddress): void;
  onClose(): void;
}

const EMPTY = {
  nome: '',
  cep: '',
  logradouro: '',
  numero: '',
  bairro: '',
  cidade: '',
  estado: '',
  estado_id: '',
  cidade_id: '',
  complemento: '',
  como_chegar: '',
};
type Values = typeof EMPTY;

function toValues(address: AccountAddress): Values {
  return {
    nome: address.nome,
    cep: address.cep ? formatCep(address.cep) : '',
    logradouro: address.logradouro,
    numero: address.numero,
    bairro: address.bairro,
    cidade: address.cidade,
    estado: address.estado,
    estado_id: address.estado_id ? String(address.estado_id) : '',
    cidade_id: address.cidade_id ? String(address.cidade_id) : '',
    complemento: address.complemento ?? '',
    como_chegar: address.como_chegar ?? '',
  };
}

/**
 * The address modal (accounts spec section 2): Brazilian mode with CEP lookup, or Paraguayan
 * mode with department and district lists; adds (POST) or edits every field (PUT). Used by
 * /perfil/endereco and by checkout's shipping step.
 */
export default function AddressModal({ locale, brazilian, editing, open, onSaved, onClose }: AddressModalProps) {
  const t = createTranslator(accountMessages, locale);
  const f = createTranslator(formMessages, locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const [mode, setMode] = useState<1 | 2>(brazilian ? 1 : 2);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [states, setStates] = useState<StateOption[]>([]);
  const [cities, setCities] = useState<CityOption[]>([]);
  /** Why state and city are chosen by hand: the CEP's city unmatched ('manual'), unknown, or not checkable now. */
  const [manual, setManual] = useState<false | 'manual' | CepMiss>(false);
  const [busy, setBusy] = useState(false);

  /** Resets the form to `start` in `next` mode, with the lists that mode shows. */
  async function prepare(next: 1 | 2, start: Values, byHand: boolean) {
    setMode(next);
    setValues(start);
    setErrors({});
    setManual(byHand ? 'manual' : false);
    setCities([]);
    const lists = next === 2 || byHand;
    setStates(lists ? await loadStates(next) : []);
    if (lists && start.estado_id) setCities(await loadCities(Number(start.estado_id)));
  }

  useEffect(() => {
    if (!open) return void dialog.current?.close();
    setMessage(null);
    const next = editing ? (editing.pais_id === 2 ? 2 : 1) : brazilian ? 1 : 2;
    void prepare(next, editing ? toValues(editing) : EMPTY, next === 1 && editing !== null && !editing.cidade_id);
    if (!dialog.current?.open) dialog.current?.showModal();
  }, [open, editing, brazilian]);

  async function onCep(raw: string) {
    const cep = formatCep(raw);
    setValues((v) => ({ ...v, cep }));
    if (toDigits(cep).length !== 8) return;
    const found = await lookupCep(toDigits(cep));
    if (typeof found !== 'string' && found.matched) {
      const { matched: _, ...fields } = found;
      setManual(false);
      setValues((v) => ({ ...v, ...fields }));
    } else {
      setValues((v) => ({
        ...v,
        ...(typeof found !== 'string' ? { logradouro: found.logradouro, bairro: found.bairro } : {}),
        cidade: '',
        estado: '',
        cidade_id: '',
        estado_id: '',
      }));
      setManual(typeof found === 'string' ? found : 'manual');
      setStates(await loadStates(1));
    }
  }

  async function chooseState(id: string) {
    const state = states.find((s) => String(s.estado_id) === id);
    setValues((v) => ({
      ...v,
      estado_id: id,
      estado: state ? (mode === 1 ? state.uf : state.estado_nome) : '',
      cidade_id: '',
      cidade: '',
    }));
    setCities(id ? await loadCities(Number(id)) : []);
  }

  function chooseCity(id: string) {
    setValues((v) => ({ ...v, cidade_id: id, cidade: cities.find((c) => String(c.cidade_id) === id)?.nome_cidade ?? '' }));
  }

  async function save(event: SubmitEvent) {
    event.preventDefault();
    const payload = { ...values, pais_id: String(mode), pais: mode === 1 ? 'Brasil' : 'Paraguai' };
    const checked = z.safeParse(createAddressSchema(f), payload);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setBusy(true);
    const answer = await (editing
      ? apiRequest<AccountAddress>('PUT', `/ecom/cliente/address/${editing.id}`, payload)
      : apiRequest<AccountAddress>('POST', '/ecom/cliente/address', payload));
    setBusy(false);
    if (answer.ok) {
      dialog.current?.close();
      onSaved(answer.data);
      return;
    }
    if (answer.status === 401) return setMessage(t('sessionExpired'));
    if (answer.status === 404) return setMessage(t('not_found'));
    setErrors(toFirstErrors(toError(answer).errors));
    setMessage(Object.values(toError(answer).errors).flat().join(' ') || t('saveAddressError'));
  }

  const input = (name: keyof Values, label: string, extra: Record<string, unknown> = {}) => (
    <Field
      label={label}
      name={name}
      value={values[name]}
      error={errors[name]}
      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      {...extra}
    />
  );
  const selects = mode === 2 || manual;
  const title = editing ? t('editAddressTitle') : t('addAddress');

  return (
    <dialog ref={dialog} className="acc-dialog" aria-labelledby="address-title" onClose={onClose}>
      <form className="acc-form" onSubmit={save} noValidate>
        <h2 id="address-title">{title}</h2>
        <div className="acc-radio" role="radiogroup">
          <label>
            <input type="radio" name="modo" checked={mode === 1} onChange={() => void prepare(1, EMPTY, false)} />
            {t('brazilianAddress')}
          </label>
          <label>
            <input type="radio" name="modo" checked={mode === 2} onChange={() => void prepare(2, EMPTY, false)} />
            {t('paraguayanAddress')}
          </label>
        </div>
        <div className="acc-grid">
          {input('nome', t('addressName'))}
          {mode === 1 && (
            <Field
              label={t('cep')}
              name="cep"
              value={values.cep}
              error={errors.cep}
              inputMode="numeric"
              onChange={(e) => onCep(e.target.value)}
            />
          )}
          {mode === 1 && manual && (
            <p className="acc-alert" role="status">
              {t(manual === 'unavailable' ? 'cepUnavailable' : 'cepNotFound')}
            </p>
          )}
          {input('logradouro', t('street'))}
          {input('numero', t('number'))}
          {input('bairro', t('district'))}
          {selects ? (
            <>
              <Select
                label={mode === 1 ? t('state') : t('department')}
                name="estado_id"
                value={values.estado_id}
                placeholder={mode === 1 ? t('selectState') : t('selectDepartment')}
                options={states.map((s) => ({ value: String(s.estado_id), label: s.estado_nome }))}
                error={errors.estado_id ?? errors.estado}
                onChange={chooseState}
              />
              <Select
                label={mode === 1 ? t('city') : t('districtPy')}
                name="cidade_id"
                value={values.cidade_id}
                disabled={!values.estado_id}
                placeholder={mode === 1 ? t('selectCity') : t('selectDistrict')}
                options={cities.map((c) => ({ value: String(c.cidade_id), label: c.nome_cidade }))}
                error={errors.cidade_id ?? errors.cidade}
                onChange={chooseCity}
              />
            </>
          ) : (
            <>
              {input('cidade', t('city'), { readOnly: true })}
              {input('estado', t('state'), { readOnly: true })}
            </>
          )}
          <Field label={t('country')} name="pais" value={mode === 1 ? t('brasil') : t('paraguai')} readOnly />
          {input('complemento', t('complement'))}
          {input('como_chegar', t('directions'))}
        </div>
        {message && (
          <p className="acc-alert" role="alert">
            {message}
          </p>
        )}
        <div className="acc-actions">
          <button type="button" className="acc-button acc-button--secondary" onClick={() => dialog.current?.close()}>
            {t('close')}
          </button>
          <button type="submit" className="acc-button" disabled={busy}>
            {busy ? t('saving') : t('save')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
