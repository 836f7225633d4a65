/** A country (or a US state) picker; which countries, and their names in the payer’s language, come from the step’s presenter. */
export function CountrySelect(props: {
  name: string;
  label: string;
  options: { code: string; name: string }[];
  value: string;
  error?: string;
  /** What the browser may fill it with: a country unless said otherwise (a US state: address-level1). */
  autoComplete?: string;
}) {
  const { name, label, options, value, error, autoComplete = 'country' } = props;
  return (
    <div className={error ? 'field field-error' : 'field'}>
      <label htmlFor={name}>{label}</label>
      {error ? (
        <p id={`${name}-error`} className="error-message">
          {error}
        </p>
      ) : null}
      <select
        id={name}
        name={name}
        defaultValue={value}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
      >
        <option value="" />
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}
