import { useEffect, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_BYTES } from '../../lib/contract/accounts.ts';

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
      {error ? <small className="acc-error" id={`${fieldId}-msg`} role="alert">{error}</small> : hint ? <small className="acc-hint" id={`${fieldId}-msg`}>{hint}</small> : null}
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
      <select id={`f-${name}`} name={name} value={value} disabled={disabled} aria-invalid={error ? true : undefined} onChange={(e) => onChange(e.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {error && <small className="acc-error" role="alert">{error}</small>}
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
  onFile(file: File | null, error: string | null): void;
}

const TYPES = DOCUMENT_ACCEPT.split(',');

/** An identity-document file with a preview for images; type and size checked before sending. */
export function FileField({ label, name, hint, error, typeError, sizeError, onFile }: FileFieldProps) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);
  return (
    <div className="acc-field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <input
        id={`f-${name}`}
        name={name}
        type="file"
        accept={`${DOCUMENT_ACCEPT},.jpg,.jpeg,.png,.gif,.pdf`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          setPreview(null);
          if (!file) return onFile(null, null);
          if (!TYPES.includes(file.type)) return onFile(null, typeError);
          if (file.size > DOCUMENT_MAX_BYTES) return onFile(null, sizeError);
          if (file.type.startsWith('image/')) setPreview(URL.createObjectURL(file));
          onFile(file, null);
        }}
      />
      {preview && <img className="acc-preview" src={preview} alt={label} />}
      {error ? <small className="acc-error" role="alert">{error}</small> : <small className="acc-hint">{hint}</small>}
    </div>
  );
}
