import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useParams } from '@remix-run/react';
import { showChoosePassword, submitChoosePassword } from '../.server/dashboard/account';
import { ChoosePassword } from '../components/ChoosePassword';
import type { FieldError } from '../components/Form';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => showChoosePassword(args, 'reset');
export const action = (args: ActionFunctionArgs) => submitChoosePassword(args, 'reset');

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.language ?? 'en') as Language);
  return [{ title: data?.live ? t('password.title_reset') : t('password.link_dead_title') }];
};

export default function ChoosePasswordPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<{ errors: FieldError[]; dead?: boolean }>();
  const { token } = useParams();
  return <ChoosePassword data={data} result={result} action={`/dashboard/reset/${token}`} />;
}
