import { CsrfForm, ErrorSummary, Field, type FieldError } from './Form';
import type { DashboardFrame } from './DashboardPage';
import { dashboardTranslator } from '../../i18n/dashboard';

/**
 * A reusable link's form, to create one or to change it: what it is for, the amount and currency,
 * a name only the merchant sees, and a scheme when each payer also sets up a mandate. Each message
 * sits next to its field and in the summary above.
 */
export function TemplateForm({
  frame,
  action,
  submit,
  values,
  errors,
  currencies,
  schemes,
}: {
  frame: DashboardFrame;
  action: string;
  submit: string;
  values: Record<'name' | 'description' | 'amount' | 'currency' | 'mandate_scheme', string>;
  errors: FieldError[];
  currencies: readonly string[];
  schemes: readonly string[];
}) {
  const t = dashboardTranslator(frame.language);
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const select = (name: string, label: string, options: [string, string][], hint?: string) => {
    const error = errorOf(name);
    const describedBy = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].join(' ').trim() || undefined;
    return (
      <div className={error ? 'field field-error' : 'field'}>
        <label htmlFor={name}>{label}</label>
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
        <select
          id={name}
          name={name}
          defaultValue={values[name as keyof typeof values]}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
        >
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </div>
    );
  };
  return (
    <>
      <ErrorSummary title={t('dash.error_summary')} errors={errors} />
      <CsrfForm csrf={frame.csrf} action={action}>
        <Field
          name="description"
          label={t('links.description')}
          maxLength={255}
          defaultValue={values.description}
          error={errorOf('description')}
        />
        <Field
          name="amount"
          label={t('links.amount')}
          hint={t('links.amount_hint')}
          inputMode="decimal"
          defaultValue={values.amount}
          error={errorOf('amount')}
        />
        {select(
          'currency',
          t('links.currency'),
          currencies.map((c) => [c, c]),
        )}
        <Field
          name="name"
          label={t('records.name')}
          optional={t('settings.optional')}
          hint={t('templates.name_hint')}
          maxLength={255}
          defaultValue={values.name}
          error={errorOf('name')}
        />
        {select(
          'mandate_scheme',
          t('templates.mandate_scheme'),
          [['', t('templates.no_mandate')], ...schemes.map((s): [string, string] => [s, s])],
          t('templates.mandate_scheme_hint'),
        )}
        <button type="submit">{submit}</button>
      </CsrfForm>
    </>
  );
}
