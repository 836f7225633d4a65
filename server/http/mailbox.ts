import type { IncomingMessage } from 'node:http';
import type { Context, Hono } from 'hono';
import type { Config } from '../config';
import type { Services } from '../container';
import {
  findMailboxMessage,
  listMailboxMessages,
  listOrganisationMailboxMessages,
  type MailboxMessageRow,
} from '../domain/notifications/mailbox-queries';
import { MAILBOX_COOKIE } from '../domain/notifications/mailbox-access';
import { pageSecurityHeaders } from './security-headers';

/** Escapes text for HTML content and double-quoted attributes (srcdoc included). */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – bankflow sandbox mailbox</title>
<style>
body{font-family:Arial,sans-serif;margin:0;color:#0b0c0c}main{max-width:960px;margin:0 auto;padding:16px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:8px;border-bottom:1px solid #b1b4b6;vertical-align:top}
a{color:#1d70b8}a:focus{outline:3px solid #fd0;background:#fd0;color:#0b0c0c}
iframe{width:100%;height:70vh;border:1px solid #b1b4b6}pre{white-space:pre-wrap;word-break:break-word}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dt{font-weight:700}dd{margin:0;word-break:break-word}
</style></head><body><main>${body}</main></body></html>`;

const ID = /^MM[0-9A-Z]{26}$/;

function listPage(rows: MailboxMessageRow[], next: string | null) {
  const items = rows
    .map(
      (m) => `<tr><td>${escapeHtml(m.created_at.toISOString())}</td><td>${escapeHtml(m.recipient)}</td>
<td><a href="/sandbox/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.language)}</td></tr>`,
    )
    .join('\n');
  return page(
    'Mailbox',
    `<h1>Sandbox mailbox</h1>
<p>With no <code>SMTP_URL</code>, every mail bankflow sends (payer notices, dashboard links) is kept here instead of sent.
The CLI shows the same: <code>npm run cli -- mailbox list</code>.</p>
${rows.length ? `<table><caption>Newest first</caption><thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Language</th></tr></thead><tbody>${items}</tbody></table>` : '<p>No mail yet.</p>'}
${next ? `<p><a href="/sandbox/mailbox?before=${encodeURIComponent(next)}">Older mail</a></p>` : ''}`,
  );
}

function messagePage(m: MailboxMessageRow) {
  return page(
    m.subject,
    `<p><a href="/sandbox/mailbox">Back to the mailbox</a></p>
<h1>${escapeHtml(m.subject)}</h1>
<dl><dt>From</dt><dd>${escapeHtml(m.sender)}</dd><dt>To</dt><dd>${escapeHtml(m.recipient)}</dd>
<dt>Received</dt><dd>${escapeHtml(m.created_at.toISOString())}</dd><dt>Language</dt><dd>${escapeHtml(m.language)}</dd></dl>
${m.html ? `<h2>As the payer sees it</h2><iframe title="The mail as HTML" sandbox="" referrerpolicy="no-referrer" srcdoc="${escapeHtml(m.html)}"></iframe>` : ''}
<h2>Plain text</h2><pre>${escapeHtml(m.text_body)}</pre>`,
  );
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const isLoopbackAddress = (address: string | undefined) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/**
 * Whose mail a request may read (decision 0064): `all` on a sandbox made for one machine (its
 * PUBLIC_URL on loopback, the request from loopback, a single organisation — the README's quick
 * start, with no setup); one organisation's with the pass a signed-in dashboard user was given;
 * else nobody, and the request is sent to the dashboard to sign in.
 */
async function scopeOf(c: Context, services: Services, config: Config): Promise<Scope> {
  const pass = cookieOf(c.req.header('cookie'), MAILBOX_COOKIE);
  if (pass) {
    const organisationId = await services.mailboxAccess.organisationOf(decodeURIComponent(pass));
    return organisationId ? { organisationId } : 'refused';
  }
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const local =
    LOOPBACK_HOSTS.has(new URL(config.publicUrl).hostname) &&
    isLoopbackAddress(incoming?.socket.remoteAddress) &&
    (await services.access.countOrganisations(services.db)) === 1;
  return local ? 'all' : 'sign_in';
}
type Scope = 'all' | 'sign_in' | 'refused' | { organisationId: string };

/**
 * The embedded mailbox's pages (decision 0032): sandbox only — live always sends over SMTP. Each
 * organisation reads its own mail (decision 0064, `scopeOf`). Each mail's HTML is shown in an
 * iframe with `srcdoc` and an empty `sandbox` (no scripts, no forms, no navigation of this page,
 * a unique origin), under this page's policy.
 */
export function addMailboxRoutes(app: Hono, services: Services, config: Config) {
  if (config.environment !== 'sandbox') return;
  const headers = () => ({ ...pageSecurityHeaders(config, 'mailbox'), 'cache-control': 'no-store' });
  const unscoped = (c: Context, scope: 'sign_in' | 'refused') =>
    scope === 'sign_in'
      ? c.redirect('/dashboard/mailbox', 303)
      : c.html(
          page(
            'Sign in again',
            '<h1>This mailbox pass has run out</h1><p><a href="/dashboard/mailbox">Open the mailbox from the dashboard</a> again.</p>',
          ),
          403,
          headers(),
        );
  app.get('/sandbox/mailbox', async (c) => {
    const scope = await scopeOf(c, services, config);
    if (scope === 'sign_in' || scope === 'refused') return unscoped(c, scope);
    const before = c.req.query('before');
    const [at, id] = before?.split('_') ?? [];
    const cursor =
      at && id && ID.test(id) && !Number.isNaN(Date.parse(at)) ? { createdAt: new Date(at), id } : undefined;
    const options = { limit: 51, before: cursor };
    const rows =
      scope === 'all'
        ? await listMailboxMessages(services.db, options)
        : await listOrganisationMailboxMessages(services.db, scope.organisationId, options);
    const last = rows.length > 50 ? rows[49]! : null;
    return c.html(listPage(rows.slice(0, 50), last && `${last.created_at.toISOString()}_${last.id}`), 200, headers());
  });
  app.get('/sandbox/mailbox/:id', async (c) => {
    const scope = await scopeOf(c, services, config);
    if (scope === 'sign_in' || scope === 'refused') return unscoped(c, scope);
    const id = c.req.param('id');
    const found = ID.test(id) ? await findMailboxMessage(services.db, id) : undefined;
    // Another organisation's mail is answered as no mail at all.
    const message = found && (scope === 'all' || found.organisation_id === scope.organisationId) ? found : undefined;
    if (!message) return c.html(page('Not found', '<h1>No such mail</h1>'), 404, headers());
    return c.html(messagePage(message), 200, headers());
  });
}
