import { json, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentErrorReasons } from '../.server/error-reasons';

export const meta: MetaFunction = () => [{ title: 'Error reasons · bankflow' }];

export const loader = () => json(presentErrorReasons());

/** The target of every error's `documentation_url` (`/docs/errors#<reason>`). */
export default function ErrorReasons() {
  const reasons = useLoaderData<typeof loader>();
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
          {reasons.map(({ reason, type, meaning }) => (
            <tr key={reason} id={reason}>
              <td>
                <code>{reason}</code>
              </td>
              <td>{type}</td>
              <td>{meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
