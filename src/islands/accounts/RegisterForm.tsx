import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { createRegistrationSchema } from '#lib/contract/accounts.ts';
import { formatCep, formatCpf, formatRuc, toDigits } from '#lib/documents.ts';
import { accountMessages } from '#lib/i18n/accounts.ts';
import { formMessages } from '#lib/i18n/forms.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { formatPhone } from '#lib/phone.ts';
import { runAfterSignIn } from './after-sign-in.ts';
import { Field, FileField, Select } from './fields.tsx';
import { apiRequest, toError } from '#lib/api-client.ts';
import { switchRegistrationLanguage, takeRegistrationDraft, toNationalityLocale } from './register-language.ts';
import { loadCities, loadStates, lookupCep, type CepMiss, type CityOption, type StateOption } from './reference.ts';

type Values = Record<string, string>;
const FIELDS = [
  'estrangeiro',
  'nome',
  'sobrenome',
  'email',
  'email_confirmation',
  'telefone',
  'password',
  'password_confirmation',
  'documento_tipo',
  'documento',
  'identidade',
  'identidade_complemento',
  'razao_social',
  'cep',
  'logradouro',
  'numero',
  'bairro',
  'como_chegar',
  'pais_id',
  'pais',
  'cidade',
  'estado',
  'estado_id',
  'cidade_id',
] as const;

/** /cadastro: nationality first, then the Brazilian (CPF, CEP) or Paraguayan (RUC, department) form. */
export default function RegisterForm({ locale, redirect }: { locale: Locale; redirect: string | null }) {
  const t = createTranslator(accountMessages, locale);
  const f = createTranslator(formMessages, locale);
  const schema = useMemo(() => createRegistrationSchema(createTranslator(formMessages, locale)), [locale]);
  const brazilianDefault = locale === 'pt-BR';
  const defaults = Object.fromEntries(FIELDS.map((k) => [k, ''])) as Values;
  Object.assign(defaults, {
    estrangeiro: brazilianDefault ? '1' : '0',
    documento_tipo: brazilianDefault ? 'CPF' : 'RUC',
    pais_id: brazilianDefault ? '1' : '2',
    pais: brazilianDefault ? 'Brasil' : 'Paraguai',
  });
  const { register, handleSubmit, setValue, watch, getValues, setError, formState } = useForm<Values>({
    resolver: zodResolver(schema) as never,
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const errors = Object.fromEntries(Object.entries(formState.errors).map(([k, v]) => [k, v?.message as string | undefined]));
  const values = watch();
  const brazilian = values.estrangeiro === '1';
  const [files, setFiles] = useState<{ frente: File | null; verso: File | null }>({ frente: null, verso: null });
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({});
  const [states, setStates] = useState<StateOption[]>([]);
  const [cities, setCities] = useState<CityOption[]>([]);
  const [cepState, setCepState] = useState<'idle' | 'searching' | 'found' | 'manual' | CepMiss>('idle');
  const [alert, setAlert] = useState<{ title: string; text: string; list?: string[] } | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const showStateSelects = !brazilian || cepState === 'manual' || cepState === 'not_found' || cepState === 'unavailable';

  useEffect(() => {
    if (showStateSelects) loadStates(brazilian ? 1 : 2).then(setStates, () => setStates([]));
  }, [brazilian, showStateSelects]);

  const set = (name: string, value: string) => setValue(name, value, { shouldValidate: formState.isSubmitted });

  function chooseNationality(value: '0' | '1') {
    set('estrangeiro', value);
    set('documento_tipo', value === '1' ? 'CPF' : 'RUC');
    set('pais_id', value === '1' ? '1' : '2');
    set('pais', value === '1' ? 'Brasil' : 'Paraguai');
    for (const k of ['documento', 'telefone', 'estado_id', 'cidade_id', 'cidade', 'estado', 'cep']) set(k, '');
    setCities([]);
    setCepState('idle');
    if (toNationalityLocale(value) !== locale) switchRegistrationLanguage(toNationalityLocale(value), getValues());
  }

  // What was typed before a language switch (register-language.ts) comes back after the reload.
  useEffect(() => {
    for (const [k, v] of Object.entries(takeRegistrationDraft()))
      if ((FIELDS as readonly string[]).includes(k) && k !== 'estrangeiro') set(k, v);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the draft comes back once, on mount
  }, []);

  async function chooseState(id: string) {
    const state = states.find((s) => String(s.estado_id) === id);
    set('estado_id', id);
    set('estado', state ? (brazilian ? state.uf : state.estado_nome) : '');
    set('cidade_id', '');
    set('cidade', '');
    setCities(id ? await loadCities(Number(id)) : []);
  }

  function chooseCity(id: string) {
    set('cidade_id', id);
    set('cidade', cities.find((c) => String(c.cidade_id) === id)?.nome_cidade ?? '');
  }

  async function onCep(raw: string) {
    const cep = formatCep(raw);
    set('cep', cep);
    if (toDigits(cep).length !== 8) return;
    setCepState('searching');
    const found = await lookupCep(toDigits(cep));
    if (typeof found === 'string') {
      setCepState(found);
      for (const k of ['cidade', 'estado', 'estado_id', 'cidade_id']) set(k, '');
      return;
    }
    const { matched, ...fields } = found;
    for (const [k, v] of Object.entries(fields)) set(k, v);
    setCepState(matched ? 'found' : 'manual');
  }

  async function checkEmail(value: string) {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value.trim())) return;
    const answer = await apiRequest('POST', '/ecom/cliente/cadastrar/check-email', { email: value.trim() });
    if (!answer.ok && answer.status !== 0 && answer.status !== 429)
      setError('email', { type: 'server', message: toError(answer).errors.email?.[0] ?? toError(answer).message ?? t('emailCheckError') });
  }

  function onEmail(value: string) {
    clearTimeout(emailTimer.current);
    emailTimer.current = setTimeout(() => void checkEmail(value), 500);
  }

  function missingFiles(): Record<string, string> {
    const missing: Record<string, string> = { ...fileErrors };
    if (!files.frente && !missing.frente) missing.frente = f('required');
    if (!files.verso && !missing.verso) missing.verso = f('required');
    return missing;
  }

  async function onValid(data: Values) {
    const missing = missingFiles();
    setFileErrors(missing);
    if (Object.keys(missing).length) return setAlert({ title: f('formInvalid'), text: f('formInvalidText') });
    setBusy(true);
    setAlert(null);
    const body = new FormData();
    for (const [k, v] of Object.entries(data)) body.append(k, v);
    body.append('frente', files.frente as File);
    body.append('verso', files.verso as File);
    try {
      const answer = await apiRequest('POST', '/ecom/cliente/cadastrar', body);
      if (answer.ok) {
        setSuccess(t('registerSuccess'));
        await runAfterSignIn();
        setTimeout(() => window.location.assign(redirect === '/checkout' ? '/checkout' : '/perfil'), 50);
        return;
      }
      const list: string[] = [];
      for (const [field, messages] of Object.entries(toError(answer).errors)) {
        if (field === 'frente' || field === 'verso') setFileErrors((e) => ({ ...e, [field]: messages[0] ?? '' }));
        else setError(field, { type: 'server', message: messages[0] ?? '' });
        list.push(...messages);
      }
      setAlert({ title: t('serverErrors'), text: toError(answer).message ?? t('registerError'), list });
    } catch {
      setAlert({ title: t('serverErrors'), text: t('registerError') });
    }
    setBusy(false);
  }

  const stateOptions = states.map((s) => ({ value: String(s.estado_id), label: s.estado_nome }));
  const cityOptions = cities.map((c) => ({ value: String(c.cidade_id), label: c.nome_cidade }));
  const phone = register('telefone', { onChange: (e) => set('telefone', formatPhone(e.target.value, brazilian ? 'BR' : 'PY')) });
  const documento = register('documento', {
    onChange: (e) => set('documento', brazilian ? formatCpf(e.target.value) : formatRuc(e.target.value)),
  });
  const email = register('email', { onChange: (e) => onEmail(e.target.value) });

  return (
    <form
      className="acc-form"
      noValidate
      onSubmit={handleSubmit(onValid, () => {
        setFileErrors(missingFiles());
        setAlert({ title: f('formInvalid'), text: f('formInvalidText') });
      })}
    >
      <fieldset>
        <legend>{t('nationality')}</legend>
        <div className="acc-radio" role="radiogroup">
          <label>
            <input type="radio" name="nacionalidade" checked={brazilian} onChange={() => chooseNationality('1')} />
            {t('brazilian')}
          </label>
          <label>
            <input type="radio" name="nacionalidade" checked={!brazilian} onChange={() => chooseNationality('0')} />
            {t('paraguayan')}
          </label>
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('personalData')}</legend>
        <div className="acc-grid">
          <Field label={t('firstName')} {...register('nome')} autoComplete="given-name" error={errors.nome} />
          <Field label={t('lastName')} {...register('sobrenome')} autoComplete="family-name" error={errors.sobrenome} />
          <Field label={t('email')} type="email" {...email} autoComplete="email" error={errors.email} />
          <Field
            label={t('emailConfirmation')}
            type="email"
            {...register('email_confirmation')}
            autoComplete="off"
            error={errors.email_confirmation}
          />
          <Field
            label={t('phone')}
            type="tel"
            {...phone}
            autoComplete="tel"
            inputMode="tel"
            placeholder={brazilian ? '+55 (45) 99999-9999' : '+595 981 123 456'}
            error={errors.telefone}
          />
          {!brazilian && <Field label={t('companyName')} {...register('razao_social')} error={errors.razao_social} />}
          <Field
            label={t('password')}
            type="password"
            {...register('password')}
            autoComplete="new-password"
            hint={t('passwordHint')}
            error={errors.password}
          />
          <Field
            label={t('passwordConfirmation')}
            type="password"
            {...register('password_confirmation')}
            autoComplete="new-password"
            error={errors.password_confirmation}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('documentation')}</legend>
        <div className="acc-grid">
          <Field
            label={brazilian ? 'CPF' : t('documentOptional')}
            {...documento}
            inputMode="numeric"
            placeholder={brazilian ? '000.000.000-00' : '00000000-0'}
            error={errors.documento}
          />
          <Field label={brazilian ? t('identity') : t('identityParaguay')} {...register('identidade')} error={errors.identidade} />
          {brazilian && (
            <Field label={t('identityComplement')} {...register('identidade_complemento')} error={errors.identidade_complemento} />
          )}
          <FileField
            label={t('frontFile')}
            name="frente"
            hint={t('fileHint')}
            error={fileErrors.frente}
            typeError={f('fileTypeError')}
            sizeError={f('fileSizeError')}
            locale={locale}
            onFile={(file, error) => {
              setFiles((x) => ({ ...x, frente: file }));
              setFileErrors(({ frente: _, ...rest }) => (error ? { ...rest, frente: error } : rest));
            }}
          />
          <FileField
            label={t('backFile')}
            name="verso"
            hint={t('fileHint')}
            error={fileErrors.verso}
            typeError={f('fileTypeError')}
            sizeError={f('fileSizeError')}
            locale={locale}
            onFile={(file, error) => {
              setFiles((x) => ({ ...x, verso: file }));
              setFileErrors(({ verso: _, ...rest }) => (error ? { ...rest, verso: error } : rest));
            }}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('address')}</legend>
        <div className="acc-grid">
          {brazilian && (
            <Field
              label={t('cep')}
              {...register('cep', { onChange: (e) => void onCep(e.target.value) })}
              inputMode="numeric"
              placeholder="00000-000"
              error={errors.cep}
              hint={cepState === 'searching' ? t('searchingCep') : undefined}
            />
          )}
          {brazilian && (cepState === 'manual' || cepState === 'not_found' || cepState === 'unavailable') && (
            <p className="acc-alert" role="status">
              {t(cepState === 'unavailable' ? 'cepUnavailable' : 'cepNotFound')}
            </p>
          )}
          <Field label={t('street')} {...register('logradouro')} autoComplete="address-line1" error={errors.logradouro} />
          <Field label={t('number')} {...register('numero')} error={errors.numero} />
          <Field label={t('district')} {...register('bairro')} error={errors.bairro} />
          {showStateSelects ? (
            <>
              <Select
                label={brazilian ? t('state') : t('department')}
                name="estado_id"
                value={values.estado_id ?? ''}
                placeholder={brazilian ? t('selectState') : t('selectDepartment')}
                options={stateOptions}
                error={errors.estado_id ?? errors.estado}
                onChange={chooseState}
              />
              <Select
                label={brazilian ? t('city') : t('districtPy')}
                name="cidade_id"
                value={values.cidade_id ?? ''}
                placeholder={brazilian ? t('selectCity') : t('selectDistrict')}
                options={cityOptions}
                disabled={!values.estado_id}
                error={errors.cidade_id ?? errors.cidade}
                onChange={chooseCity}
              />
            </>
          ) : (
            <>
              <Field label={t('city')} value={values.cidade ?? ''} readOnly name="cidade" error={errors.cidade} />
              <Field label={t('state')} value={values.estado ?? ''} readOnly name="estado" error={errors.estado} />
            </>
          )}
          <Field label={t('country')} value={brazilian ? t('brasil') : t('paraguai')} readOnly name="pais" />
          {!brazilian && <Field label={t('directions')} {...register('como_chegar')} error={errors.como_chegar} />}
        </div>
      </fieldset>
      {alert && (
        <div className="acc-alert" role="alert">
          <strong>{alert.title}</strong> {alert.text}
          {alert.list && alert.list.length > 0 && (
            <ul>
              {alert.list.map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {success && (
        <p className="acc-success" role="status">
          {success}
        </p>
      )}
      <button className="acc-button" type="submit" disabled={busy}>
        {busy ? t('registering') : t('registerSubmit')}
      </button>
    </form>
  );
}
