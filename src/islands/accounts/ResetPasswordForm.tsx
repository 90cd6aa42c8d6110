import { useState, type SubmitEvent } from 'react';
import { accountMessages } from '#lib/i18n/accounts.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { apiRequest, toError, toFirstErrors } from '#lib/api-client.ts';

interface Props {
  locale: Locale;
  uuid: string;
  token: string;
  email: string;
  code: string;
}

type State = 'idle' | 'loading' | 'success' | 'error';

/** /app/reset-password/{uuid}/{token}: new password and confirmation; success links to login. */
export default function ResetPasswordForm({ locale, uuid, token, email, code }: Props) {
  const t = createTranslator(accountMessages, locale);
  const [state, setState] = useState<State>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    const confirmation = String(data.get('password_confirmation') ?? '');
    if (password !== confirmation) {
      setMessage(t('passwordsDoNotMatch'));
      setState('error');
      return;
    }
    setState('loading');
    setMessage(null);
    try {
      const answer = await apiRequest('POST', '/ecom/cliente/trocar-senha', {
        email,
        uuid,
        token,
        code,
        password,
        password_confirmation: confirmation,
      });
      if (answer.ok) {
        setState('success');
        return;
      }
      setErrors(toFirstErrors(toError(answer).errors));
      setMessage(toError(answer).message ?? t('resetError'));
      setState('error');
    } catch {
      setMessage(t('resetErrorGeneric'));
      setState('error');
    }
  }

  if (state === 'success') {
    return (
      <div className="acc-form">
        <p className="acc-success" role="status">
          {t('resetSuccess')}
        </p>
        <a className="acc-button" href="/login">
          {t('goToLogin')}
        </a>
      </div>
    );
  }
  return (
    <form className="acc-form" onSubmit={onSubmit} noValidate>
      <label className="acc-field">
        <span>{t('newPassword')}</span>
        <input name="password" type="password" autoComplete="new-password" required aria-invalid={Boolean(errors.password)} />
        {errors.password ? <small className="acc-error">{errors.password}</small> : <small className="acc-hint">{t('passwordHint')}</small>}
      </label>
      <label className="acc-field">
        <span>{t('passwordConfirmation')}</span>
        <input name="password_confirmation" type="password" autoComplete="new-password" required />
      </label>
      {message && (
        <p className="acc-alert" role="alert">
          {message}
        </p>
      )}
      <button className="acc-button" type="submit" disabled={state === 'loading'}>
        {t('resetSubmit')}
      </button>
    </form>
  );
}
