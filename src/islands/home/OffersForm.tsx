import { apiRequest } from '#lib/api-client.ts';
import { useEffect, useState } from 'react';
import type { Locale } from '#lib/locale.ts';
import {
  OFFERS_PHONE_MAX_LENGTH,
  formatOffersPhone,
  toPhoneDigits,
  validateOffersPhone,
  type OffersPhoneError,
} from '#lib/offers-phone.ts';

export interface OffersTexts {
  label: string;
  placeholder: string;
  submit: string;
  sending: string;
  sent: string;
  thanks: string;
  failed: string;
  errors: Record<OffersPhoneError, string>;
}

interface Props {
  locale: Locale;
  texts: OffersTexts;
  /** Result of a no-JavaScript POST of this form, rendered by the server. */
  initialStatus?: 'idle' | 'sent' | 'invalid';
  /** What that refused POST typed, shown again with its error. */
  initialValue?: string;
}

type Status = 'idle' | 'submitting' | 'sent' | 'failed';
const SENT_MS = 2000;
const MOBILE_QUERY = '(max-width: 768px)';

/**
 * Offers signup (spec sections 4 and 5). Desktop reformats while typing (max 20 characters);
 * phones keep what is typed (max 15). Both send to POST /api/public/contato-newsletter, show
 * 'Enviado!' for 2 s, clear the field and go home. Without JS the form posts to the home page.
 */
function readTypedBeforeHydration(locale: Locale): string {
  if (typeof document === 'undefined') return '';
  const typed = document.querySelector<HTMLInputElement>('#offers-phone')?.value ?? '';
  return typed && !window.matchMedia(MOBILE_QUERY).matches ? formatOffersPhone(typed, locale) : typed;
}

export default function OffersForm({ locale, texts, initialStatus = 'idle', initialValue = '' }: Props) {
  // What the shopper typed before this island hydrated stays (hydration would reset the field).
  const [value, setValue] = useState(() => readTypedBeforeHydration(locale) || initialValue);
  const [touched, setTouched] = useState(initialStatus === 'invalid');
  const [status, setStatus] = useState<Status>('idle');
  const [mobile, setMobile] = useState(false);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    const media = window.matchMedia(MOBILE_QUERY);
    const update = () => setMobile(media.matches);
    update();
    setHydrated(true);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);

  const maxLength = mobile ? OFFERS_PHONE_MAX_LENGTH.mobile : OFFERS_PHONE_MAX_LENGTH.desktop;
  const error = validateOffersPhone(value, maxLength);
  const message = error === 'maxLength' ? texts.errors.maxLength.replace('{max}', String(maxLength)) : error ? texts.errors[error] : '';
  const showError = touched && error !== null;

  async function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    setTouched(true);
    if (error || status === 'submitting') return;
    setStatus('submitting');
    try {
      const answer = await apiRequest('POST', '/api/public/contato-newsletter', { celular: toPhoneDigits(value) });
      if (!answer.ok) throw new Error(String(answer.status));
      setStatus('sent');
      window.setTimeout(() => {
        setValue('');
        setStatus('idle');
        window.location.assign('/');
      }, SENT_MS);
    } catch (failure) {
      console.error('offers signup failed', failure);
      setStatus('failed');
    }
  }

  return (
    <form className="offers__form" method="post" action="/?ofertas=1#ofertas" onSubmit={onSubmit} noValidate data-testid="offers-form">
      <label className="offers__label" htmlFor="offers-phone">
        {texts.label}
      </label>
      <div className="offers__row">
        <input
          id="offers-phone"
          name="celular"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          minLength={10}
          maxLength={maxLength}
          placeholder={texts.placeholder}
          value={value}
          aria-invalid={showError}
          aria-describedby="offers-hint"
          onChange={(event) => setValue(mobile ? event.target.value.slice(0, maxLength) : formatOffersPhone(event.target.value, locale))}
          onBlur={() => setTouched(true)}
        />
        <button
          type="submit"
          className="btn btn--yellow"
          disabled={(hydrated && error !== null) || status === 'submitting' || status === 'sent'}
        >
          {status === 'submitting' ? texts.sending : status === 'sent' ? texts.sent : texts.submit}
        </button>
      </div>
      <p id="offers-hint" className="offers__hint" role={showError || status === 'failed' ? 'alert' : 'status'}>
        {showError ? message : status === 'failed' ? texts.failed : status === 'sent' || initialStatus === 'sent' ? texts.thanks : ''}
      </p>
    </form>
  );
}
