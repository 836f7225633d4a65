import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentEvent } from '../.server/dashboard/developer-tools';
import { DashboardPage } from '../components/DashboardPage';
import { Facts } from '../components/RecordList';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentEvent(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('events.event_title', { id: data?.event.id ?? '' })} – ${t('dash.name')}` }];
};

/** One event as the API has it: its resource, action, links, source and details. */
export default function Event() {
  const { frame, event: e } = useLoaderData<typeof loader>();
  const t = dashboardTranslator(frame.language);
  return (
    <DashboardPage frame={frame} section="developers" title={t('events.event_title', { id: e.id })}>
      <Facts
        rows={[
          [t('records.created'), e.created],
          [t('events.resource_type'), e.resourceType],
          [t('events.action'), e.action],
          [t('records.origin'), e.origin],
          [t('records.source'), e.source],
          ...Object.entries(e.links).map(([key, id]): [string, string] => [key, id]),
        ]}
      />
      <h2>{t('events.details')}</h2>
      <pre data-testid="details" tabIndex={0}>
        {e.details}
      </pre>
      <p>
        <a href="/dashboard/developers/events">{t('events.back')}</a>
      </p>
    </DashboardPage>
  );
}
