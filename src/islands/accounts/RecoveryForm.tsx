import { useState, type SubmitEvent } from 'react';
import { accountMessages } from '#lib/i18n/accounts.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { apiRequest, toError } from '#lib/api-client.ts';

type State = 'idle' | 'submitting' | 'submitted';

/** /recuperar-senha: idle, submitting, submitted (form replaced by the sent message). */
export default function RecoveryForm({ locale }: { locale: Locale }) {
  const t = createTranslator(accountMessages, locale);
  const [state, setState] = useState<State>('idle');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    if (!email.trim()) {
      window.alert(t('recoverEmailMissing'));
      return;
    }
    setState('submitting');
    setError(null);
    try {
      const answer = await apiRequest('POST', '/ecom/cliente/recuperar-senha', { email: email.trim() });
      if (!answer.ok) {
        setError(toError(answer).errors.email?.[0] ?? toError(answer).message ?? t('resetErrorGeneric'));
        setState('idle');
        return;
      }
      setEmail('');
      setState('submitted');
    } catch {
      setError(t('resetErrorGeneric'));
      setState('idle');
    }
  }

  if (state === 'submitted') {
    return (
      <div className="acc-form">
        <p className="acc-success" role="status">
          {t('recoverSent')}
        </p>
        <a href="/login">{t('backToLogin')}</a>
      </div>
    );
  }
  return (
    <form className="acc-form" onSubmit={onSubmit} noValidate>
      <p className="acc-hint">{t('recoverText')}</p>
      <label className="acc-field">
        <span>{t('email')}</span>
        <input name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      {error && (
        <p className="acc-alert" role="alert">
          {error}
        </p>
      )}
      <button className="acc-button" type="submit" disabled={state === 'submitting'}>
        {t('recoverSubmit')}
      </button>
      <a href="/login">{t('backToLogin')}</a>
    </form>
  );
}
