import { useEffect, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_BYTES } from '#lib/contract/accounts.ts';
import { fileFieldMessages } from '#lib/i18n/file-field.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled input with its error (announced) or hint below. */
export function Field({ label, error, hint, id, ...input }: FieldProps) {
  const fieldId = id ?? `f-${input.name}`;
  return (
    <div className="acc-field">
      <label htmlFor={fieldId}>{label}</label>
      <input id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={`${fieldId}-msg`} {...input} />
      {error ? (
        <small className="acc-error" id={`${fieldId}-msg`} role="alert">
          {error}
        </small>
      ) : hint ? (
        <small className="acc-hint" id={`${fieldId}-msg`}>
          {hint}
        </small>
      ) : null}
    </div>
  );
}

interface SelectProps {
  label: string;
  name: string;
  value: string;
  error?: string | undefined;
  disabled?: boolean;
  placeholder: string;
  options: { value: string; label: string }[];
  onChange(value: string): void;
  children?: ReactNode;
}

export function Select({ label, name, value, error, disabled, placeholder, options, onChange }: SelectProps) {
  return (
    <div className="acc-field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <select
        id={`f-${name}`}
        name={name}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <small className="acc-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

interface FileFieldProps {
  label: string;
  name: string;
  hint: string;
  error?: string | undefined;
  typeError: string;
  sizeError: string;
  locale: Locale;
  onFile(file: File | null, error: string | null): void;
}

const TYPES = DOCUMENT_ACCEPT.split(',');

/**
 * An identity-document file: the native input (kept for the keyboard, screen readers and the
 * label) lies transparent over the shop's own button and file name. An image gets a preview, a
 * PDF an icon and its name; a refused file is cleared at once, its message shown in place.
 */
export function FileField({ label, name, hint, error, typeError, sizeError, locale, onFile }: FileFieldProps) {
  const t = createTranslator(fileFieldMessages, locale);
  const [chosen, setChosen] = useState<{ name: string; preview: string | null } | null>(null);
  useEffect(
    () => () => {
      if (chosen?.preview) URL.revokeObjectURL(chosen.preview);
    },
    [chosen],
  );
  const id = `f-${name}`;
  return (
    <div className="acc-field">
      <label htmlFor={id}>{label}</label>
      <div className="acc-file">
        <input
          id={id}
          name={name}
          type="file"
          className="acc-file__input"
          accept={`${DOCUMENT_ACCEPT},.jpg,.jpeg,.png,.gif,.pdf`}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-msg`}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            const refusal = !file ? null : !TYPES.includes(file.type) ? typeError : file.size > DOCUMENT_MAX_BYTES ? sizeError : null;
            if (!file || refusal) {
              event.target.value = '';
              setChosen(null);
              return onFile(null, refusal);
            }
            setChosen({ name: file.name, preview: file.type.startsWith('image/') ? URL.createObjectURL(file) : null });
            onFile(file, null);
          }}
        />
        <span className="acc-file__face" aria-hidden="true">
          <span className="acc-file__button">{t('chooseFile')}</span>
          <span className="acc-file__name">{chosen?.name ?? t('noFileChosen')}</span>
        </span>
      </div>
      {chosen &&
        (chosen.preview ? (
          <img className="acc-preview" src={chosen.preview} alt={label} />
        ) : (
          <p className="acc-file__pdf" data-testid="file-pdf">
            <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
              <path d="M6 2h8l5 5v15H6z" fill="#fdecea" stroke="#b42318" strokeWidth="1.5" />
              <path d="M14 2v5h5" fill="none" stroke="#b42318" strokeWidth="1.5" />
              <text x="12.5" y="18" textAnchor="middle" fontSize="6" fontWeight="700" fill="#b42318">
                PDF
              </text>
            </svg>
            <span>{t('pdfChosen', { name: chosen.name })}</span>
          </p>
        ))}
      {error ? (
        <small className="acc-error" id={`${id}-msg`} role="alert">
          {error}
        </small>
      ) : (
        <small className="acc-hint" id={`${id}-msg`}>
          {hint}
        </small>
      )}
    </div>
  );
}
