/** Countries a payer may live in: the debit schemes' countries and their neighbours. */
const COUNTRIES = [
  'AT',
  'AU',
  'BE',
  'BG',
  'CA',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GG',
  'GI',
  'GR',
  'HR',
  'HU',
  'IE',
  'IM',
  'IS',
  'IT',
  'JE',
  'LI',
  'LT',
  'LU',
  'LV',
  'MC',
  'MT',
  'NL',
  'NO',
  'NZ',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'SM',
  'US',
];

/** Country names in the page's language, sorted for that language. */
export function countryOptions(language: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  return COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, language),
  );
}

export function CountrySelect(props: {
  name: string;
  label: string;
  options: { code: string; name: string }[];
  value: string;
  error?: string;
}) {
  const { name, label, options, value, error } = props;
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
        autoComplete="country"
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
