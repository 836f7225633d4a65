import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PayerPage } from '../components/PayerPage';
import { presentGuarantee } from '../.server/steps/guarantee';
import { showStep } from '../.server/steps/run-step';
import { flowMeta } from '../components/meta';

export const meta = flowMeta<{ guarantee: { title: string } }>((data) => data.guarantee.title);

/** The Direct Debit Guarantee, linked from every step of a Bacs mandate (app/.server/steps/guarantee.ts). */
export const loader = (args: LoaderFunctionArgs) => showStep(args, null, presentGuarantee);

export default function Guarantee() {
  const data = useLoaderData<typeof loader>();
  return (
    <PayerPage {...data.frame} title={data.guarantee.title}>
      <div className="mandate-text" lang={data.frame.language}>
        {data.guarantee.paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
    </PayerPage>
  );
}
