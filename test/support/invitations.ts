import { expect } from 'vitest';
import { listMailboxMessages } from '../../server/domain/notifications/mailbox-queries';
import { PageClient } from './browser';
import { csrfAt, PASSWORD } from './dashboard';
import type { TestServer } from './server';

/** What the Team page's tests do again and again: invite, read the mail, accept, act on a person. */

export const address = (label: string) => `${label}-${Math.random().toString(36).slice(2)}@example.com`;

/** An admin's invitation, posted from the Team page's form as a browser without JavaScript sends it. */
export async function invite(browser: PageClient, email: string, role = 'viewer') {
  const csrf = await csrfAt(browser, '/dashboard/team');
  return browser.post('/dashboard/team?index', { csrf, email, role });
}

/** Mail the sandbox mailbox holds for the address, newest first. */
export const mailTo = (server: TestServer, email: string) =>
  listMailboxMessages(server.services.db, { recipient: email });

/** The path of the invitation link in the newest mail to `email`. */
export async function invitationPath(server: TestServer, email: string) {
  const [mail] = await mailTo(server, email);
  expect(mail, `a mail to ${email}`).toBeDefined();
  return new URL(/https:\S+\/dashboard\/invitations\/\S+/.exec(mail!.text_body)![0]).pathname;
}

/** Opens an invitation link in a fresh browser and chooses a password: the browser and the answer. */
export async function accept(server: TestServer, path: string, password = PASSWORD) {
  const browser = new PageClient(server.url);
  const page = await browser.get(path);
  if (page.status !== 200) return { browser, answer: page };
  const answer = await browser.post(path, { csrf: browser.csrfOf(page.html), password, confirm: password });
  return { browser, answer };
}

/** Invites `email` and accepts at once: the signed-in browser of the new user. */
export async function joined(server: TestServer, admin: PageClient, email: string, role = 'viewer') {
  expect((await invite(admin, email, role)).status).toBe(303);
  const { browser, answer } = await accept(server, await invitationPath(server, email));
  expect(answer.status).toBe(303);
  return browser;
}

export interface UserState {
  id: string;
  role: string;
  status: string;
}

/** The stored user with this address (any case), or undefined. */
export async function userOf(server: TestServer, email: string) {
  const { rows } = await server.services.db.query<UserState>(
    'SELECT id, role, status FROM dashboard_users WHERE lower(email) = lower($1)',
    [email],
  );
  return rows[0];
}

/** A person's action, posted from its confirmation page's form. */
export async function teamAction(browser: PageClient, id: string, action: string, form: Record<string, string> = {}) {
  const csrf = await csrfAt(browser, '/dashboard/team');
  return browser.post(`/dashboard/team/${id}/${action}`, { csrf, ...form });
}
