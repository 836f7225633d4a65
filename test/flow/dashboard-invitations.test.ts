import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../../server/domain/notifications/mailer';
import { ManualClock } from '../../server/domain/shared/clock';
import { createLogger } from '../../server/logger';
import { createMailboxMailer, MailError } from '../../server/mail/transport';
import { PageClient } from '../support/browser';
import { csrfAt, dashboardUser, PASSWORD, signedInAs, signIn } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { accept, address, invitationPath, invite, joined, mailTo, teamAction, userOf } from '../support/invitations';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * Issue #19, admins invite others (decision 0051), over real HTTPS as a browser without JavaScript
 * does: the invitation mailed to the sandbox mailbox after its commit, its link used once within
 * a week, resent and revoked; roles changed; a disabled user's sessions ended at once; the last
 * admin kept; viewers and other organisations refused. Every log line is captured: no link in any.
 */
let server: TestServer;
let m: Merchant;
let admin: PageClient;
const clock = new ManualClock(new Date());
const lines: string[] = [];
const tokens: string[] = [];
let mailDown = false;
/** The sandbox's own mailbox mailer, which a test can make fail (an SMTP server that is down). */
const mailer: Mailer = {
  send(message) {
    if (mailDown) return Promise.reject(new MailError('connection refused', false, 'temporary'));
    const { db, ids } = server.services;
    return createMailboxMailer({ db, ids, clock, from: 'bankflow@localhost' }).send(message);
  },
};

beforeAll(async () => {
  server = await startPagesServer({ clock, mailer, logger: createLogger('debug', (line) => lines.push(line)) });
  m = await server.merchant('Inviting merchant');
  admin = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'admin')).email);
});
afterAll(() => server?.close());

const linkOf = async (email: string) => {
  const path = await invitationPath(server, email);
  tokens.push(path.split('/').pop()!);
  return path;
};
const row = (html: string, id: string) => new RegExp(`<tr[^>]*data-id="${id}"[^>]*>`).exec(html)?.[0] ?? '';

describe('an invitation', () => {
  it('is mailed to the sandbox mailbox; its link chooses a password once and signs in with the role', async () => {
    const email = address('viewer');
    const made = await invite(admin, email, 'viewer');
    expect(made.status).toBe(303);
    const invited = (await userOf(server, email))!;
    expect(invited).toMatchObject({ role: 'viewer', status: 'invited' });
    expect(made.location).toBe(`/dashboard/team?done=invited&user=${invited.id}`);
    const path = await linkOf(email);
    const token = path.split('/').pop()!;
    const { rows } = await server.services.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM dashboard_links WHERE user_id = $1',
      [invited.id],
    );
    expect(rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
    expect(row((await admin.get('/dashboard/team')).html, invited.id)).toContain('data-link="live"');

    const browser = new PageClient(server.url);
    const csrf = browser.csrfOf((await browser.get(path)).html);
    expect((await browser.post(path, { csrf, password: 'short', confirm: 'short' })).status).toBe(400);
    const saved = await browser.post(path, { csrf, password: PASSWORD, confirm: PASSWORD });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe('/dashboard');
    const home = await browser.get('/dashboard');
    expect(home.status).toBe(200);
    expect(home.html).toContain(email);
    // Used: the same form sent again, or the link opened elsewhere, finds it spent.
    const later = new PageClient(server.url);
    const laterCsrf = later.csrfOf((await later.get('/dashboard/sign-in')).html);
    expect((await later.post(path, { csrf: laterCsrf, password: PASSWORD, confirm: PASSWORD })).status).toBe(410);
    expect((await later.get(path)).status).toBe(410);

    const team = await browser.get('/dashboard/team');
    expect(team.status).toBe(200);
    expect(team.html).not.toContain('name="email"');
    expect(row(team.html, invited.id)).toContain('data-status="active"');
    expect((await userOf(server, email))!.status).toBe('active');
    expect((await signIn(server, email)).answer.status).toBe(303);
  });

  it('refuses a missing or malformed address, a missing role and a taken address at their fields, writing nothing', async () => {
    const taken = await adminEmail();
    const fresh = address('norole');
    const mails = (await mailTo(server, taken)).length;
    const cases: [{ email: string; role: string }, string, string?][] = [
      [{ email: '', role: 'viewer' }, 'email'],
      [{ email: 'not an address', role: 'viewer' }, 'email'],
      // Look-alikes (issue #40.4): a zero-width space before the @, a fullwidth letter.
      [{ email: `${fresh.replace('@', '\u200b@')}`, role: 'viewer' }, 'email'],
      [{ email: `\uff4e${fresh}`, role: 'viewer' }, 'email'],
      [{ email: fresh, role: 'owner' }, 'role'],
      [{ email: taken.toUpperCase(), role: 'viewer' }, 'email', 'email_taken'],
    ];
    for (const [form, field, reason] of cases) {
      const answer = await invite(admin, form.email, form.role);
      expect(answer.status, JSON.stringify(form)).toBe(400);
      expect(answer.html).toContain(`id="${field}-error"`);
      expect(answer.html.match(/<a href="#/g)).toHaveLength(1);
      expect(answer.html).toContain(`<a href="#${field}"`);
      if (reason) expect(answer.html).toContain(`data-reason="${reason}"`);
    }
    expect(await userOf(server, fresh)).toBeUndefined();
    expect(await userOf(server, taken)).toMatchObject({ role: 'admin', status: 'active' });
    expect(await mailTo(server, fresh)).toHaveLength(0);
    expect((await mailTo(server, taken)).length).toBe(mails);
  });

  it('makes one user when two invitations of one address race (the unique index)', async () => {
    const email = address('racer');
    const other = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'admin')).email);
    const [a, b] = await Promise.all([invite(admin, email, 'viewer'), invite(other, email.toUpperCase(), 'admin')]);
    expect([a.status, b.status].sort()).toEqual([303, 400]);
    expect([a, b].find((x) => x.status === 400)!.html).toContain('data-reason="email_taken"');
    const { rows } = await server.services.db.query('SELECT id FROM dashboard_users WHERE lower(email) = $1', [email]);
    expect(rows).toHaveLength(1);
  });

  it('stops working after a week (410); a resend mails a new link and ends the older one', async () => {
    const email = address('late');
    expect((await invite(admin, email)).status).toBe(303);
    const id = (await userOf(server, email))!.id;
    const first = await linkOf(email);
    clock.advance(7 * 24 * 3600_000 + 60_000);
    const expired = await new PageClient(server.url).get(first);
    expect(expired.status).toBe(410);
    expect(expired.html).not.toContain('name="password"');
    expect(row((await admin.get('/dashboard/team')).html, id)).toContain('data-link="expired"');

    expect((await admin.get(`/dashboard/team/${id}/resend`)).status).toBe(200);
    expect((await teamAction(admin, id, 'resend')).location).toBe(`/dashboard/team?done=resend&user=${id}`);
    const second = await linkOf(email);
    expect(second).not.toBe(first);
    expect((await new PageClient(server.url).get(second)).status).toBe(200);
    expect((await teamAction(admin, id, 'resend')).status).toBe(303);
    const third = await linkOf(email);
    expect((await accept(server, second)).answer.status).toBe(410);
    expect((await accept(server, third)).answer.status).toBe(303);
    // Accepted: nothing is pending any more.
    const again = await teamAction(admin, id, 'resend');
    expect(again.status).toBe(422);
    expect(again.html).toContain('data-reason="invitation_not_pending"');
  });

  it('is revoked: its link stops working and the address can be invited again', async () => {
    const email = address('revoked');
    expect((await invite(admin, email)).status).toBe(303);
    const { id } = (await userOf(server, email))!;
    const path = await linkOf(email);
    expect((await teamAction(admin, id, 'revoke')).location).toBe(`/dashboard/team?done=revoke&user=${id}`);
    expect((await new PageClient(server.url).get(path)).status).toBe(410);
    expect(await userOf(server, email)).toBeUndefined();
    expect((await teamAction(admin, id, 'revoke')).status).toBe(404);
    expect((await invite(admin, email)).status).toBe(303);
  });

  it('answers a mail that cannot be sent with a notice to resend, never an error page', async () => {
    const email = address('unsent');
    mailDown = true;
    const made = await invite(admin, email).finally(() => (mailDown = false));
    const { id } = (await userOf(server, email))!;
    expect(made.location).toBe(`/dashboard/team?done=unsent&user=${id}`);
    expect(await mailTo(server, email)).toHaveLength(0);
    expect((await teamAction(admin, id, 'resend')).status).toBe(303);
    expect((await accept(server, await linkOf(email))).answer.status).toBe(303);
  });
});

async function adminEmail() {
  const { rows } = await server.services.db.query<{ email: string }>(
    `SELECT email FROM dashboard_users WHERE organisation_id = $1 AND role = 'admin' ORDER BY id LIMIT 1`,
    [m.organisationId],
  );
  return rows[0]!.email;
}

describe('an admin’s changes to a person', () => {
  it('changes a role, in force on the person’s next page', async () => {
    const email = address('promoted');
    const person = await joined(server, admin, email);
    const { id } = (await userOf(server, email))!;
    expect((await invite(person, address('x'))).status).toBe(403);
    expect((await teamAction(admin, id, 'role', {})).status).toBe(400);
    expect((await teamAction(admin, id, 'role', { role: 'admin' })).status).toBe(303);
    expect((await person.get('/dashboard/team')).html).toContain('name="email"');
    expect((await teamAction(admin, id, 'role', { role: 'viewer' })).status).toBe(303);
    expect((await userOf(server, email))!.role).toBe('viewer');
  });

  it('disables a person: their sessions end at once, sign-in and reset refused; enabling lets them sign in again', async () => {
    const email = address('disabled');
    const person = await joined(server, admin, email);
    const { id } = (await userOf(server, email))!;
    expect((await teamAction(admin, id, 'disable')).status).toBe(303);
    const after = await person.get('/dashboard');
    expect(after.status).toBe(303);
    expect(after.location).toMatch(/^\/dashboard\/sign-in/);
    expect((await signIn(server, email)).answer.status).toBe(400);
    const reset = new PageClient(server.url);
    const form = await reset.get('/dashboard/reset');
    await reset.post('/dashboard/reset?index', { csrf: reset.csrfOf(form.html), email });
    expect((await mailTo(server, email)).some((mail) => mail.text_body.includes('/dashboard/reset/'))).toBe(false);
    expect((await teamAction(admin, id, 'disable')).status).toBe(422);

    expect((await teamAction(admin, id, 'enable')).status).toBe(303);
    expect((await person.get('/dashboard')).status).toBe(303);
    expect((await signIn(server, email)).answer.status).toBe(303);
  });

  it('keeps the last admin: they can neither demote nor disable themself until there is another', async () => {
    const solo = await server.merchant('One admin');
    const email = (await dashboardUser(server, solo.organisationId, 'admin')).email;
    const only = await signedInAs(server, email);
    const { id } = (await userOf(server, email))!;
    for (const [action, form] of [
      ['role', { role: 'viewer' }],
      ['disable', {}],
    ] as const) {
      const refused = await teamAction(only, id, action, form);
      expect(refused.status, action).toBe(422);
      expect(refused.html).toContain('data-reason="last_admin"');
      // The role chosen stays chosen beside the refusal.
      if (action === 'role') expect(refused.html).toMatch(/id="role-viewer"[^>]*checked=""/);
    }
    expect(await userOf(server, email)).toMatchObject({ role: 'admin', status: 'active' });

    const second = address('second');
    const other = await joined(server, only, second, 'admin');
    const otherId = (await userOf(server, second))!.id;
    // Both demote the other at once: they take turns, and one admin is always left.
    await Promise.all([
      teamAction(only, otherId, 'role', { role: 'viewer' }),
      teamAction(other, id, 'role', { role: 'viewer' }),
    ]);
    const { rows } = await server.services.db.query(
      `SELECT id FROM dashboard_users WHERE organisation_id = $1 AND role = 'admin' AND status = 'active'`,
      [solo.organisationId],
    );
    expect(rows).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('refuses a viewer every team write (403), and changes nothing', async () => {
    const target = address('target');
    expect((await invite(admin, target)).status).toBe(303);
    const { id } = (await userOf(server, target))!;
    const viewer = await joined(server, admin, address('looker'));
    const csrf = await csrfAt(viewer, '/dashboard/team');
    const writes: [string, Record<string, string>][] = [
      ['?index', { email: address('nope'), role: 'admin' }],
      ...['resend', 'revoke', 'disable', 'enable'].map((a): [string, Record<string, string>] => [`/${id}/${a}`, {}]),
      [`/${id}/role`, { role: 'admin' }],
    ];
    const mails = (await mailTo(server, target)).length;
    for (const [path, form] of writes) {
      const answer = await viewer.post(`/dashboard/team${path}`, { csrf, ...form });
      expect(answer.status, path).toBe(403);
    }
    expect(await userOf(server, target)).toMatchObject({ role: 'viewer', status: 'invited' });
    expect((await mailTo(server, target)).length).toBe(mails);
  });

  it('answers another organisation’s people 404 on every page and action, and lists none of them', async () => {
    const email = address('mine');
    expect((await invite(admin, email)).status).toBe(303);
    const { id } = (await userOf(server, email))!;
    const elsewhere = await server.merchant('Elsewhere');
    const stranger = await signedInAs(server, (await dashboardUser(server, elsewhere.organisationId, 'admin')).email);
    expect((await stranger.get('/dashboard/team')).html).not.toContain(email);
    for (const action of ['resend', 'revoke', 'role', 'disable', 'enable']) {
      expect((await stranger.get(`/dashboard/team/${id}/${action}`)).status, action).toBe(404);
      expect((await teamAction(stranger, id, action, { role: 'admin' })).status, action).toBe(404);
    }
    expect(await userOf(server, email)).toMatchObject({ role: 'viewer', status: 'invited' });
    expect((await new PageClient(server.url).get(await linkOf(email))).status).toBe(200);
  });

  it('never writes an invitation link to the log', () => {
    expect(tokens.length).toBeGreaterThan(5);
    for (const token of tokens) expect(lines.filter((line) => line.includes(token))).toEqual([]);
  });
});
