import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

/**
 * Admin or viewer, as radios each with what it may do (a GOV.UK radios question); the fieldset's
 * id is where the error summary links.
 */
export function RoleChoice({ language, checked, error }: { language: Language; checked?: string; error?: string }) {
  const t = dashboardTranslator(language);
  return (
    <fieldset
      id="role"
      aria-describedby={error ? 'role-error' : undefined}
      className={error ? 'field-error' : undefined}
    >
      <legend>{t('team.role')}</legend>
      {error ? (
        <p id="role-error" className="error-message">
          {error}
        </p>
      ) : null}
      {(['viewer', 'admin'] as const).map((role) => (
        <div key={role}>
          <div className="choice">
            <input
              type="radio"
              id={`role-${role}`}
              name="role"
              value={role}
              defaultChecked={checked === role}
              aria-describedby={`role-${role}-hint`}
            />
            <label htmlFor={`role-${role}`}>{t(`team.role_label.${role}`)}</label>
          </div>
          <p id={`role-${role}-hint`} className="hint choice-hint">
            {t(`team.role_hint.${role}`)}
          </p>
        </div>
      ))}
    </fieldset>
  );
}
