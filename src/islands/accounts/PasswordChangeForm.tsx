import { useState, type SubmitEvent } from 'react';
import { accountMessages } from '#lib/i18n/accounts.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { Field } from './fields.tsx';
import { apiRequest, toError, toFirstErrors } from '#lib/api-client.ts';

/** /perfil/alterar-senha: current, new and confirmation (POST /ecom/cliente/trocar-senha-l). */
export default function PasswordChangeForm({ locale }: { locale: Locale }) {
  const t = createTranslator(accountMessages, locale);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    setBusy(true);
    setStatus(null);
    const answer = await apiRequest('POST', '/ecom/cliente/trocar-senha-l', data);
    setBusy(false);
    if (answer.status === 401) return setStatus({ ok: false, text: t('tokenMissing') });
    if (answer.ok) {
      form.reset();
      setErrors({});
      return setStatus({ ok: true, text: t('passwordChanged') });
    }
    setErrors(toFirstErrors(toError(answer).errors));
    setStatus({ ok: false, text: t('passwordChangeError') });
  }

  return (
    <form className="acc-form" onSubmit={onSubmit} noValidate>
      <Field
        label={t('currentPassword')}
        name="password_currently"
        type="password"
        autoComplete="current-password"
        error={errors.password_currently}
      />
      <Field
        label={t('newPassword')}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={t('passwordHint')}
        error={errors.password}
      />
      <Field
        label={t('passwordConfirmation')}
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        error={errors.password_confirmation}
      />
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
