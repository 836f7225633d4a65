import type { Services } from '../container';
import type { EndpointView } from '../domain/webhooks/endpoints';
import { followAttempts, type AttemptLine } from '../domain/webhooks/tail';

/**
 * `npm run cli -- webhooks …`: the operator manages merchants' webhook endpoints. A secret is
 * printed once, when it is made; lists show its first characters only. Nothing here logs a secret.
 */
export const WEBHOOKS_HELP = `  webhooks create --organisation <OR…> --url <https://…>
                                                 register an endpoint; prints its secret once
  webhooks list [--organisation <OR…>]
  webhooks disable <WE…>                         stop sending to it (queued deliveries wait)
  webhooks enable <WE…>
  webhooks rotate-secret <WE…>                   new secret, effective at once; printed once
  webhooks test <WE…>                            queue a test delivery (is_test) to the endpoint
  webhooks tail [--organisation <OR…>]           follow delivery attempts as they happen (Ctrl-C stops)`;

export interface WebhookCommand {
  action: string | undefined;
  target: string | undefined;
  organisation: string | undefined;
  url: string | undefined;
}

type Print = (human: string, data: unknown) => void;

const describe = (e: EndpointView) =>
  `${e.id}  ${e.organisation_id}  ${e.enabled ? 'enabled ' : 'disabled'}  ${e.url}  secret ${e.secret_hint}…`;

const attemptLine = (a: AttemptLine) =>
  [
    a.attempted_at.toISOString(),
    a.webhook_id,
    `#${a.attempt}`,
    a.successful ? 'ok    ' : 'failed',
    a.response_code ?? a.error ?? '',
    `${a.duration_ms}ms`,
    `${a.event_count} event${a.event_count === 1 ? '' : 's'}${a.is_test ? ' (test)' : ''}`,
    a.url,
    !a.successful && a.next_attempt_at ? `retry at ${a.next_attempt_at.toISOString()}` : '',
  ]
    .filter((part) => part !== '')
    .join('  ');

export async function runWebhooksCommand(
  command: WebhookCommand,
  services: Services,
  print: Print,
  usage: (message: string) => Error,
): Promise<number> {
  const need = (value: string | undefined, what: string) => {
    if (!value) throw usage(`${what} is required`);
    return value;
  };
  // The CLI is an edge: each command that writes opens its own unit of work.
  const { db, webhookEndpoints: endpoints } = services;
  switch (command.action) {
    case 'create': {
      const { endpoint, secret } = await db.transaction((tx) =>
        endpoints.create(tx, need(command.organisation, '--organisation'), need(command.url, '--url')),
      );
      print(
        `Created webhook endpoint ${endpoint.id} for ${endpoint.url}.\nSigning secret (shown once, store it now):\n  ${secret}`,
        {
          ...endpoint,
          secret,
        },
      );
      return 0;
    }
    case 'list': {
      const list = await endpoints.list(
        db,
        command.organisation ? { organisationId: command.organisation } : 'operator',
      );
      print(list.map(describe).join('\n') || 'No webhook endpoints.', list);
      return 0;
    }
    case 'disable':
    case 'enable': {
      const id = need(command.target, 'an endpoint id');
      const endpoint = await db.transaction((tx) =>
        command.action === 'disable' ? endpoints.disable(tx, 'operator', id) : endpoints.enable(tx, 'operator', id),
      );
      print(`Webhook endpoint ${endpoint.id} is now ${endpoint.enabled ? 'enabled' : 'disabled'}.`, endpoint);
      return 0;
    }
    case 'rotate-secret': {
      const { endpoint, secret } = await db.transaction((tx) =>
        endpoints.rotateSecret(tx, 'operator', need(command.target, 'an endpoint id')),
      );
      print(`New signing secret for ${endpoint.id} (shown once; the old one no longer verifies):\n  ${secret}`, {
        ...endpoint,
        secret,
      });
      return 0;
    }
    case 'test': {
      const delivery = await db.transaction((tx) =>
        services.webhooks.sendTest(tx, 'operator', need(command.target, 'an endpoint id')),
      );
      print(`Queued test delivery ${delivery.id} to ${delivery.url}; a running server sends it.`, {
        id: delivery.id,
        url: delivery.url,
      });
      return 0;
    }
    case 'tail': {
      const stop = new AbortController();
      process.once('SIGINT', () => stop.abort());
      process.once('SIGTERM', () => stop.abort());
      print(`Following delivery attempts${command.organisation ? ` of ${command.organisation}` : ''} (Ctrl-C stops)…`, {
        following: true,
      });
      for await (const attempt of followAttempts(db, {
        organisationId: command.organisation,
        since: new Date(),
        signal: stop.signal,
      })) {
        print(attemptLine(attempt), attempt);
      }
      return 0;
    }
    default:
      throw usage(`unknown command: webhooks ${command.action ?? ''}`.trim());
  }
}
