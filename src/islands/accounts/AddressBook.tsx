import { useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { createAddressSchema, type AccountAddress } from '../../lib/contract/accounts.ts';
import { formatCep, toDigits } from '../../lib/documents.ts';
import { accountMessages } from '../../lib/i18n/accounts.ts';
import { formMessages } from '../../lib/i18n/forms.ts';
import { createTranslator } from '../../lib/i18n/translator.ts';
import type { Locale } from '../../lib/locale.ts';
import { Field, Select } from './fields.tsx';
import { sendJson, toFirstErrors } from './http.ts';
import { loadCities, loadStates, lookupCep, type CityOption, type StateOption } from './reference.ts';

interface Props {
  locale: Locale;
  brazilian: boolean;
  initial: AccountAddress[];
}

const EMPTY = { nome: '', cep: '', logradouro: '', numero: '', bairro: '', cidade: '', estado: '', estado_id: '', cidade_id: '', complemento: '', como_chegar: '' };

/** /perfil/endereco: list, add through the modal (Brazilian or Paraguayan mode), set main, soft delete. */
export default function AddressBook({ locale, brazilian, initial }: Props) {
  const t = createTranslator(accountMessages, locale);
  const f = createTranslator(formMessages, locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const [addresses, setAddresses] = useState(initial);
  const [mode, setMode] = useState<1 | 2>(brazilian ? 1 : 2);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [states, setStates] = useState<StateOption[]>([]);
  const [cities, setCities] = useState<CityOption[]>([]);
  const [manual, setManual] = useState(false);
  const [busy, setBusy] = useState(false);

  async function refresh() {
    const answer = await sendJson<{ data: AccountAddress[] }>('/ecom/cliente/address', 'GET');
    if (answer.ok) setAddresses(answer.body.data);
  }

  async function switchMode(next: 1 | 2) {
    setMode(next);
    setValues(EMPTY);
    setErrors({});
    setManual(false);
    setCities([]);
    setStates(next === 2 ? await loadStates(2) : []);
  }

  function open() {
    setMessage(null);
    switchMode(mode);
    dialog.current?.showModal();
  }

  async function onCep(raw: string) {
    const cep = formatCep(raw);
    setValues((v) => ({ ...v, cep }));
    if (toDigits(cep).length !== 8) return;
    const found = await lookupCep(toDigits(cep));
    if (found?.matched) {
      const { matched: _, ...fields } = found;
      setManual(false);
      setValues((v) => ({ ...v, ...fields }));
    } else {
      if (found) setValues((v) => ({ ...v, logradouro: found.logradouro, bairro: found.bairro }));
      setManual(true);
      setStates(await loadStates(1));
    }
  }

  async function chooseState(id: string) {
    const state = states.find((s) => String(s.estado_id) === id);
    setValues((v) => ({ ...v, estado_id: id, estado: state ? (mode === 1 ? state.uf : state.estado_nome) : '', cidade_id: '', cidade: '' }));
    setCities(id ? await loadCities(Number(id)) : []);
  }

  function chooseCity(id: string) {
    setValues((v) => ({ ...v, cidade_id: id, cidade: cities.find((c) => String(c.cidade_id) === id)?.nome_cidade ?? '' }));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const payload = { ...values, pais_id: String(mode), pais: mode === 1 ? 'Brasil' : 'Paraguai' };
    const checked = z.safeParse(createAddressSchema(f), payload);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setBusy(true);
    const answer = await sendJson('/ecom/cliente/address', 'POST', payload).catch(() => null);
    setBusy(false);
    if (answer?.ok) {
      dialog.current?.close();
      await refresh();
      return;
    }
    if (answer?.status === 401) return setMessage(t('sessionExpired'));
    setErrors(toFirstErrors(answer?.body.errors));
    setMessage(Object.values(answer?.body.errors ?? {}).flat().join(' ') || t('saveAddressError'));
  }

  async function setMain(id: number) {
    const answer = await sendJson(`/ecom/cliente/address/${id}/set-main`, 'PATCH').catch(() => null);
    if (answer?.ok) await refresh();
    else setMessage(answer?.status === 404 ? t('not_found') : t('main_set_error'));
  }

  async function remove(address: AccountAddress) {
    if (!window.confirm(t('deleteAddressConfirm'))) return;
    const answer = await sendJson(`/ecom/cliente/address/${address.id}`, 'PUT', { ativo: false, nome: address.nome }).catch(() => null);
    if (answer?.ok) await refresh();
    else setMessage(answer?.status === 404 ? t('not_found') : t('deleted_error'));
  }

  const input = (name: keyof typeof EMPTY, label: string, extra: Record<string, unknown> = {}) => (
    <Field label={label} name={name} value={values[name]} error={errors[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} {...extra} />
  );
  const selects = mode === 2 || manual;

  return (
    <div>
      {message && !dialog.current?.open && <p className="acc-alert" role="alert">{message}</p>}
      {addresses.length === 0 ? <p>{t('noAddresses')}</p> : (
        <ul className="acc-list">
          {addresses.map((a) => (
            <li key={a.id} data-address={a.id}>
              <strong>{a.nome}{a.principal && <span className="acc-badge">{t('mainAddress')}</span>}</strong>
              <span>{[`${a.logradouro}, ${a.numero}`, a.bairro, `${a.cidade} - ${a.estado}`, a.cep, a.pais].filter(Boolean).join(' · ')}</span>
              <div className="acc-actions" style={{ justifyContent: 'flex-start' }}>
                {!a.principal && <button type="button" className="acc-button acc-button--secondary" onClick={() => setMain(a.id)}>{t('setMain')}</button>}
                <button type="button" className="acc-button acc-button--secondary" onClick={() => remove(a)}>{t('deleteAddress')}</button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="acc-button" onClick={open}>{t('addAddress')}</button>
      <dialog ref={dialog} className="acc-dialog" aria-labelledby="address-title">
        <form className="acc-form" onSubmit={save} noValidate>
          <h2 id="address-title">{t('addAddress')}</h2>
          <div className="acc-radio" role="radiogroup">
            <label><input type="radio" name="modo" checked={mode === 1} onChange={() => switchMode(1)} />{t('brazilianAddress')}</label>
            <label><input type="radio" name="modo" checked={mode === 2} onChange={() => switchMode(2)} />{t('paraguayanAddress')}</label>
          </div>
          <div className="acc-grid">
            {input('nome', t('addressName'))}
            {mode === 1 && <Field label={t('cep')} name="cep" value={values.cep} error={errors.cep} inputMode="numeric" onChange={(e) => onCep(e.target.value)} />}
            {mode === 1 && manual && <p className="acc-alert" role="status">{t('cepNotFound')}</p>}
            {input('logradouro', t('street'))}
            {input('numero', t('number'))}
            {input('bairro', t('district'))}
            {selects ? (
              <>
                <Select label={mode === 1 ? t('state') : t('department')} name="estado_id" value={values.estado_id} placeholder={mode === 1 ? t('selectState') : t('selectDepartment')}
                  options={states.map((s) => ({ value: String(s.estado_id), label: s.estado_nome }))} error={errors.estado_id ?? errors.estado} onChange={chooseState} />
                <Select label={mode === 1 ? t('city') : t('districtPy')} name="cidade_id" value={values.cidade_id} disabled={!values.estado_id} placeholder={mode === 1 ? t('selectCity') : t('selectDistrict')}
                  options={cities.map((c) => ({ value: String(c.cidade_id), label: c.nome_cidade }))} error={errors.cidade_id ?? errors.cidade} onChange={chooseCity} />
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
          {message && <p className="acc-alert" role="alert">{message}</p>}
          <div className="acc-actions">
            <button type="button" className="acc-button acc-button--secondary" onClick={() => dialog.current?.close()}>{t('close')}</button>
            <button type="submit" className="acc-button" disabled={busy}>{busy ? t('saving') : t('save')}</button>
          </div>
        </form>
      </dialog>
    </div>
  );
}
