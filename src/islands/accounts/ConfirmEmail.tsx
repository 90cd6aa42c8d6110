import { useEffect, useState } from 'react';
import { accountMessages } from '#lib/i18n/accounts.ts';
import { commonMessages } from '#lib/i18n/common.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { apiRequest, toError } from '#lib/api-client.ts';

interface Props {
  locale: Locale;
  uid: string;
  token: string;
}

type State = { kind: 'loading' } | { kind: 'success' } | { kind: 'error'; message: string };

/** Confirms on mount with a POST (a GET never changes state), then success or the error of section 8. */
export default function ConfirmEmail({ locale, uid, token }: Props) {
  const t = createTranslator(accountMessages, locale);
  const c = createTranslator(commonMessages, locale);
  const [state, setState] = useState<State>(uid && token ? { kind: 'loading' } : { kind: 'error', message: t('confirmIncomplete') });

  useEffect(() => {
    if (!uid || !token) return;
    apiRequest('POST', `/ecom/cliente/confirmar-email/${encodeURIComponent(uid)}/${encodeURIComponent(token)}`)
      .then((answer) => {
        const { status } = answer;
        if (status === 200) return setState({ kind: 'success' });
        const body = toError(answer);
        const errors = Object.entries(body.errors);
        let message = t('confirmError');
        if (status === 422) message = errors.map(([field, list]) => `Campo: ${field} - ${list.join(', ')}`).join(' | ') || message;
        else if (status === 400) message = errors.length ? errors.flatMap(([, list]) => list).join(', ') : (body.message ?? message);
        else if (status === 404) message = c('resourceNotFound');
        else if (status === 403) message = errors.flatMap(([, list]) => list).join(', ') || body.message || message;
        else if (status >= 500) message = c('serverError');
        setState({ kind: 'error', message });
      })
      .catch(() => setState({ kind: 'error', message: c('serviceUnavailable') }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one POST per link: t and c are new on every render and must not send it again
  }, [uid, token]);

  if (state.kind === 'loading')
    return (
      <p role="status" aria-busy="true">
        {t('confirmLoading')}
      </p>
    );
  if (state.kind === 'success') {
    return (
      <div className="acc-form">
        <p className="acc-success" role="status">
          {t('confirmSuccess')}
        </p>
        <a className="acc-button" href="/login">
          {t('goToLogin')}
        </a>
      </div>
    );
  }
  return (
    <div className="acc-form">
      <p className="acc-alert" role="alert">
        {state.message}
      </p>
      <a className="acc-button" href="/">
        {t('goHome')}
      </a>
    </div>
  );
}
