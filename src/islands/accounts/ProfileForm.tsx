import { useState, type SubmitEvent } from 'react';
import { formatCpfOrCnpj, formatRuc, toDocumentTypeWord } from '#lib/documents.ts';
import { accountMessages } from '#lib/i18n/accounts.ts';
import { formMessages } from '#lib/i18n/forms.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { formatPhone } from '#lib/phone.ts';
import { Field, FileField, Select } from './fields.tsx';
import { apiRequest, toError, toFirstErrors } from '#lib/api-client.ts';

interface Props {
  locale: Locale;
  brazilian: boolean;
  phone: string;
  documentType: string;
  document: string;
}

/** Edit phone, document type and number, and replace the identity-document files. */
export default function ProfileForm({ locale, brazilian, phone, documentType, document }: Props) {
  const t = createTranslator(accountMessages, locale);
  const f = createTranslator(formMessages, locale);
  const [values, setValues] = useState({
    telefone: phone,
    documento_tipo: documentType || (brazilian ? 'CPF' : 'RUC'),
    documento: document,
  });
  const [files, setFiles] = useState<{ frente: File | null; verso: File | null }>({ frente: null, verso: null });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const types = (brazilian ? ['CPF'] : ['RUC', 'CEDULA']).map((value) => ({ value, label: toDocumentTypeWord(value) }));
  const formatDocument = (value: string, type: string) =>
    type === 'CPF' ? formatCpfOrCnpj(value) : type === 'RUC' ? formatRuc(value) : value;

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    setBusy(true);
    setStatus(null);
    const body = new FormData();
    for (const [k, v] of Object.entries(values)) body.append(k, v);
    if (files.frente) body.append('frente', files.frente);
    if (files.verso) body.append('verso', files.verso);
    const answer = await apiRequest('POST', '/ecom/cliente/update-profile', body);
    setBusy(false);
    if (answer.ok) {
      setErrors({});
      setStatus({ ok: true, text: t('saved') });
      setTimeout(() => window.location.reload(), 600);
      return;
    }
    setErrors(toFirstErrors(toError(answer).errors));
    setStatus({ ok: false, text: toError(answer).message ?? t('registerError') });
  }

  const onFile = (side: 'frente' | 'verso') => (file: File | null, error: string | null) => {
    setFiles((x) => ({ ...x, [side]: file }));
    setErrors(({ [side]: _, ...rest }) => (error ? { ...rest, [side]: error } : rest));
  };

  return (
    <form className="acc-form" onSubmit={onSubmit} noValidate>
      <div className="acc-grid">
        <Field
          label={t('phone')}
          name="telefone"
          type="tel"
          value={values.telefone}
          error={errors.telefone}
          onChange={(e) => setValues({ ...values, telefone: formatPhone(e.target.value, brazilian ? 'BR' : 'PY') })}
        />
        <Select
          label={t('documentType')}
          name="documento_tipo"
          value={values.documento_tipo}
          placeholder={t('documentType')}
          options={types}
          error={errors.documento_tipo}
          onChange={(v) => setValues({ ...values, documento_tipo: v, documento: formatDocument(values.documento, v) })}
        />
        <Field
          label={t('document')}
          name="documento"
          value={values.documento}
          error={errors.documento}
          onChange={(e) => setValues({ ...values, documento: formatDocument(e.target.value, values.documento_tipo) })}
        />
        <FileField
          label={t('newFrontFile')}
          name="frente"
          hint={t('fileHint')}
          error={errors.frente}
          typeError={f('fileTypeError')}
          sizeError={f('fileSizeError')}
          locale={locale}
          onFile={onFile('frente')}
        />
        <FileField
          label={t('newBackFile')}
          name="verso"
          hint={t('fileHint')}
          error={errors.verso}
          typeError={f('fileTypeError')}
          sizeError={f('fileSizeError')}
          locale={locale}
          onFile={onFile('verso')}
        />
      </div>
      {status && (
        <p className={status.ok ? 'acc-success' : 'acc-alert'} role={status.ok ? 'status' : 'alert'}>
          {status.text}
        </p>
      )}
      <button className="acc-button" type="submit" disabled={busy}>
        {busy ? t('saving') : t('save')}
      </button>
    </form>
  );
}
