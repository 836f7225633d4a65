import type { MetaFunction } from '@remix-run/node';

export const meta: MetaFunction = () => [{ title: 'bankflow' }];

export default function Index() {
  return (
    <main>
      <h1>bankflow</h1>
      <p>Direct debit and bank payment collection. This address serves the JSON API and the hosted payer pages.</p>
      <ul>
        <li>
          <a href="/openapi.json">OpenAPI document</a>
        </li>
        <li>
          <a href="/docs/errors">Error reasons</a>
        </li>
        <li>
          <a href="/health">Health</a>
        </li>
      </ul>
    </main>
  );
}
