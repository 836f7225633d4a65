import { expect } from 'vitest';
import type { DashboardRole } from '../../server/domain/dashboard-users/service';
import { PageClient } from './browser';
import type { TestServer } from './server';

export const PASSWORD = 'correct horse battery staple';

/**
 * A dashboard user made through the services (as the CLI makes the first admin), with a password
 * chosen through their one-time link over HTTPS, as a person would.
 */
export async function dashboardUser(
  server: TestServer,
  organisationId: string,
  role: DashboardRole = 'admin',
  email = `${role}-${Math.random().toString(36).slice(2)}@example.com`,
) {
  const { services } = server;
  const token = await services.db.transaction(async (tx) => {
    const user = await services.dashboardUsers.createUser(tx, organisationId, email, role);
    return services.dashboardUsers.issueLink(tx, user.id, 'sign_in');
  });
  const browser = new PageClient(server.url);
  const page = await browser.get(`/dashboard/welcome/${token}`);
  expect(page.status).toBe(200);
  const saved = await browser.post(`/dashboard/welcome/${token}`, {
    csrf: browser.csrfOf(page.html),
    password: PASSWORD,
    confirm: PASSWORD,
  });
  expect(saved.status).toBe(303);
  return { email, token };
}

/** Signs in over HTTPS; returns the browser (holding the session) and the answer to the form. */
export async function signIn(server: TestServer, email: string, password = PASSWORD) {
  const browser = new PageClient(server.url);
  const page = await browser.get('/dashboard/sign-in');
  const answer = await browser.post('/dashboard/sign-in', { csrf: browser.csrfOf(page.html), email, password });
  return { browser, answer };
}

export async function signedInAs(server: TestServer, email: string) {
  const { browser, answer } = await signIn(server, email);
  expect(answer.status).toBe(303);
  expect(answer.location).toBe('/dashboard');
  return browser;
}

/** The CSRF token of a signed-in page (every dashboard page carries it in its sign-out form). */
export async function csrfAt(browser: PageClient, path = '/dashboard') {
  const page = await browser.get(path);
  expect(page.status).toBe(200);
  return browser.csrfOf(page.html);
}
