import { useState } from 'react';
import { accountMessages } from '#lib/i18n/accounts.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { apiRequest } from '#lib/api-client.ts';

export default function ResendConfirmation({ locale }: { locale: Locale }) {
  const t = createTranslator(accountMessages, locale);
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'error'>('idle');
  async function resend() {
    setState('busy');
    const answer = await apiRequest('POST', '/ecom/cliente/reenviar-email');
    setState(answer.ok ? 'sent' : 'error');
  }
  return (
    <div className="acc-form">
      <button type="button" className="acc-button acc-button--secondary" disabled={state === 'busy'} onClick={resend}>
        {t('resendConfirmation')}
      </button>
      {state === 'sent' && (
        <p className="acc-success" role="status">
          {t('verifyInbox')}
        </p>
      )}
      {state === 'error' && (
        <p className="acc-alert" role="alert">
          {t('verifyInboxError')}
        </p>
      )}
    </div>
  );
}
