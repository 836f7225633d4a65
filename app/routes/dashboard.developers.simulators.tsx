import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { presentSimulators, submitSimulator } from '../.server/dashboard/developer-tools';
import { DashboardPage, Notice } from '../components/DashboardPage';
import { CsrfForm, ErrorSummary, Field, type FieldError } from '../components/Form';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentSimulators(args);
export const action = (args: ActionFunctionArgs) => submitSimulator(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('dev.nav.simulators')} – ${t('dash.name')}` }];
};

/** The sandbox's scenario simulators: an admin chooses one and the record it runs on. */
export default function Simulators() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<{ errors: FieldError[]; values: { scenario: string; resource: string } }>();
  const t = dashboardTranslator(data.frame.language);
  const errors = refused?.errors ?? [];
  const values = refused?.values ?? data.values;
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  return (
    <DashboardPage frame={data.frame} section="developers" title={t('dev.nav.simulators')}>
      <Notice text={data.done ? t('sim.done', data.done) : null} />
      <ErrorSummary title={t('dash.error_summary')} errors={errors} />
      {!data.sandbox ? (
        <p>{t('sim.sandbox_only')}</p>
      ) : data.frame.role !== 'admin' ? (
        <p>{t('sim.admins_only')}</p>
      ) : (
        <>
          <p>{t('sim.intro')}</p>
          <CsrfForm csrf={data.frame.csrf} action="/dashboard/developers/simulators">
            <div className={errorOf('scenario') ? 'field field-error' : 'field'}>
              <label htmlFor="scenario">{t('sim.scenario')}</label>
              {errorOf('scenario') ? (
                <p id="scenario-error" className="error-message">
                  {errorOf('scenario')}
                </p>
              ) : null}
              <select
                id="scenario"
                name="scenario"
                defaultValue={values.scenario}
                aria-describedby={errorOf('scenario') ? 'scenario-error' : undefined}
              >
                <option value="">{t('sim.scenario_required')}</option>
                {data.scenarios.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </div>
            <Field
              name="resource"
              label={t('sim.resource')}
              hint={t('sim.resource_hint')}
              defaultValue={values.resource}
              error={errorOf('resource')}
              autoComplete="off"
            />
            <button type="submit">{t('sim.run')}</button>
          </CsrfForm>
        </>
      )}
      <p>
        <a href="/dashboard/developers">{t('dev.title')}</a>
      </p>
    </DashboardPage>
  );
}
