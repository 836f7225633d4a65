import type { MetaFunction } from '@remix-run/node';
import { REASON_TYPES } from '../../server/domain/shared/errors';
import { en } from '../../server/i18n/api/en';

export const meta: MetaFunction = () => [{ title: 'Error reasons · bankflow' }];

/** The target of every error's `documentation_url` (`/docs/errors#<reason>`). */
export default function ErrorReasons() {
  const reasons = Object.entries(REASON_TYPES) as [string, string][];
  return (
    <main>
      <h1>Error reasons</h1>
      <p>
        Every API error carries <code>error.type</code> and, per item, a <code>reason</code>. Handle errors by these,
        not by the message text.
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Reason</th>
            <th scope="col">Type</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {reasons.map(([reason, type]) => (
            <tr key={reason} id={reason}>
              <td>
                <code>{reason}</code>
              </td>
              <td>{type}</td>
              <td>{(en as Record<string, string>)[`reason.${reason}`] ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
