import type { InputHTMLAttributes, ReactNode } from 'react';

export interface FieldError {
  field: string;
  message: string;
}

/** The errors of a failed submission, announced and each linked to its field (WCAG 3.3.1). */
export function ErrorSummary({ title, errors }: { title: string; errors: FieldError[] }) {
  if (!errors.length) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} data-focus-on-load>
      <h2 id="error-summary-title">{title}</h2>
      <ul>
        {errors.map((e) => (
          <li key={e.field}>
            <a href={`#${e.field}`}>{e.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  optional?: string;
  /**
   * The message payer.js shows as soon as the field is left with a value it can tell is wrong
   * (an IBAN's checksum, a sort code's shape). It sits in a polite live region, empty until then.
   */
  liveError?: string;
  /** Where payer.js asks which bank the value belongs to, named in the live region once found. */
  lookup?: string;
  /** "Bank: {bank}", the words the live region names the bank with. */
  found?: string;
}

/** A labelled input whose hint and errors are tied to it with aria-describedby. */
export function Field({ name, label, hint, error, optional, liveError, lookup, found, ...input }: FieldProps) {
  const describedBy =
    [hint ? `${name}-hint` : null, error ? `${name}-error` : null, liveError ? `${name}-live` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div className={error ? 'field field-error' : 'field'}>
      <label htmlFor={name}>
        {label}
        {optional ? <span className="optional"> ({optional})</span> : null}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${name}-error`} className="error-message">
          {error}
        </p>
      ) : null}
      <input
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-lookup={lookup}
        {...input}
      />
      {liveError ? (
        // Below the input, its line reserved even while empty: a message appearing moves nothing.
        <p id={`${name}-live`} className="live-error" aria-live="polite" data-message={liveError} data-found={found} />
      ) : null}
    </div>
  );
}

export function CsrfForm({
  csrf,
  children,
  action,
  className,
}: {
  csrf: string;
  children: ReactNode;
  action?: string;
  className?: string;
}) {
  return (
    <form method="post" action={action} className={className} noValidate data-pending>
      <input type="hidden" name="csrf" value={csrf} />
      {children}
    </form>
  );
}
