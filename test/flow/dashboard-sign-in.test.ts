import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryMailer } from '../../server/domain/notifications/mailer';
import { ManualClock } from '../../server/domain/shared/clock';
import { PageClient } from '../support/browser';
import { csrfAt, dashboardUser, PASSWORD, signedInAs, signIn } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * Signing in to the dashboard over real HTTPS, as a browser without JavaScript does: passwords,
 * one-time links, lockout with backoff, TOTP, and the ways a session ends.
 */
let server: TestServer;
let m: Merchant;
const clock = new ManualClock(new Date());
const mailer = createMemoryMailer();

beforeAll(async () => {
  server = await startPagesServer({ clock, mailer });
  m = await server.merchant();
});
afterAll(() => server?.close());

describe('sign-in', () => {
  it('signs in with the password chosen through the welcome link, which works once', async () => {
    const { email, token } = await dashboardUser(server, m.organisationId);
    const again = await new PageClient(server.url).get(`/dashboard/welcome/${token}`);
    expect(again.status).toBe(410);
    const browser = await signedInAs(server, email);
    const home = await browser.get('/dashboard');
    expect(home.status).toBe(200);
    expect(home.html).toContain(email);
  });

  it('sends the dashboard with the payer pages’ security headers, never cached, and no inline code', async () => {
    const page = await new PageClient(server.url).get('/dashboard/sign-in');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(page.html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(String(page.headers['set-cookie'])).toMatch(
      /bf_dash=.+; Path=\/dashboard; Max-Age=\d+; HttpOnly; Secure; SameSite=Lax/,
    );
  });

  it('refuses a wrong password or an unknown address alike (400) and a form without its CSRF token (403)', async () => {
    const { email } = await dashboardUser(server, m.organisationId);
    expect((await signIn(server, email, 'not the password at all')).answer.status).toBe(400);
    expect((await signIn(server, 'nobody@example.com')).answer.status).toBe(400);
    const browser = new PageClient(server.url);
    await browser.get('/dashboard/sign-in');
    expect((await browser.post('/dashboard/sign-in', { csrf: 'forged', email, password: PASSWORD })).status).toBe(403);
  });

  it('only sends people on to dashboard addresses after sign-in', async () => {
    const { email } = await dashboardUser(server, m.organisationId);
    const browser = new PageClient(server.url);
    const page = await browser.get('/dashboard/sign-in?next=https://evil.example/');
    const answer = await browser.post('/dashboard/sign-in', {
      csrf: browser.csrfOf(page.html),
      email,
      password: PASSWORD,
      next: '//evil.example/',
    });
    expect(answer.location).toBe('/dashboard');
  });
});

describe('lockout', () => {
  it('locks the account after five failures, even to the right password, and lets it in after the wait', async () => {
    const { email } = await dashboardUser(server, m.organisationId);
    for (let i = 0; i < 4; i++) expect((await signIn(server, email, 'wrong password!!')).answer.status).toBe(400);
    expect((await signIn(server, email, 'wrong password!!')).answer.status).toBe(429);
    expect((await signIn(server, email)).answer.status).toBe(429);
    clock.advance(61_000);
    // One more failure doubles the wait (two minutes).
    expect((await signIn(server, email, 'wrong password!!')).answer.status).toBe(429);
    clock.advance(61_000);
    expect((await signIn(server, email)).answer.status).toBe(429);
    clock.advance(60_000);
    expect((await signIn(server, email)).answer.status).toBe(303);
    // A success starts the count again.
    expect((await signIn(server, email, 'wrong password!!')).answer.status).toBe(400);
  });
});

describe('password reset', () => {
  it('mails a link that sets a new password once and signs out every older session', async () => {
    const { email } = await dashboardUser(server, m.organisationId);
    const before = await signedInAs(server, email);
    const browser = new PageClient(server.url);
    const form = await browser.get('/dashboard/reset');
    const asked = await browser.post('/dashboard/reset?index', { csrf: browser.csrfOf(form.html), email });
    expect(asked.status).toBe(303);
    const mail = mailer.sent.find((message) => message.to === email)!;
    const link = new URL(/https:\S+\/dashboard\/reset\/\S+/.exec(mail.text)![0]).pathname;
    const csrf = browser.csrfOf((await browser.get(link)).html);
    const fresh = 'a brand new passphrase';
    expect((await browser.post(link, { csrf, password: fresh, confirm: 'mismatch' })).status).toBe(400);
    const saved = await browser.post(link, { csrf, password: fresh, confirm: fresh });
    expect(saved.status).toBe(303);
    // The link was a sign-in (decision 0064): this browser is in, on the home page.
    expect(saved.location).toBe('/dashboard');
    expect((await browser.get('/dashboard')).status).toBe(200);
    // Spent: another browser holding the link gets nowhere with it.
    const stranger = new PageClient(server.url);
    const strangerCsrf = stranger.csrfOf((await stranger.get('/dashboard/sign-in')).html);
    expect((await stranger.post(link, { csrf: strangerCsrf, password: fresh, confirm: fresh })).status).toBe(410);
    expect((await stranger.get(link)).status).toBe(410);
    expect((await before.get('/dashboard')).status).toBe(303);
    expect((await signIn(server, email)).answer.status).toBe(400);
    expect((await signIn(server, email, fresh)).answer.status).toBe(303);
  });

  it('recovers a lost welcome link: an admin who never chose a password is sent a reset link (issue 39)', async () => {
    const email = `lost-welcome-${Date.now()}@example.com`;
    await server.services.db.transaction((tx) =>
      server.services.dashboardUsers.createAdmin(tx, m.organisationId, email),
    );
    const browser = new PageClient(server.url);
    const form = await browser.get('/dashboard/reset');
    const asked = await browser.post('/dashboard/reset?index', { csrf: browser.csrfOf(form.html), email });
    expect(asked.status).toBe(303);
    const mail = mailer.sent.find((message) => message.to === email);
    expect(mail).toBeDefined();
    const link = new URL(/https:\S+\/dashboard\/reset\/\S+/.exec(mail!.text)![0]).pathname;
    const csrf = browser.csrfOf((await browser.get(link)).html);
    const saved = await browser.post(link, { csrf, password: PASSWORD, confirm: PASSWORD });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe('/dashboard');
    expect((await signIn(server, email)).answer.status).toBe(303);
  });

  it('keeps the address typed when it is refused', async () => {
    const browser = new PageClient(server.url);
    const form = await browser.get('/dashboard/reset');
    const refused = await browser.post('/dashboard/reset?index', { csrf: browser.csrfOf(form.html), email: 'me@home' });
    expect(refused.status).toBe(400);
    expect(refused.html).toMatch(/id="email"[^>]*value="me@home"/);
  });

  it('answers an unknown address as a known one, and sends nothing', async () => {
    const browser = new PageClient(server.url);
    const form = await browser.get('/dashboard/reset');
    const sent = mailer.sent.length;
    const asked = await browser.post('/dashboard/reset?index', {
      csrf: browser.csrfOf(form.html),
      email: 'nobody-here@example.com',
    });
    expect(asked.status).toBe(303);
    expect(mailer.sent.length).toBe(sent);
  });
});

describe('one-time links sign the user in', () => {
  it('the welcome link leaves the admin signed in on the home page once the password is chosen', async () => {
    const email = `welcome-${Date.now()}@example.com`;
    const token = await server.services.db.transaction(
      async (tx) => (await server.services.dashboardUsers.createAdmin(tx, m.organisationId, email)).token,
    );
    const browser = new PageClient(server.url);
    const csrf = browser.csrfOf((await browser.get(`/dashboard/welcome/${token}`)).html);
    const saved = await browser.post(`/dashboard/welcome/${token}`, { csrf, password: PASSWORD, confirm: PASSWORD });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe('/dashboard');
    const home = await browser.get('/dashboard');
    expect(home.status).toBe(200);
    expect(home.html).toContain(email);
  });

  it('keeps the second factor: an admin with TOTP given a welcome link is asked for the code first', async () => {
    const { email } = await dashboardUser(server, m.organisationId);
    const browser = await signedInAs(server, email);
    const csrf = await csrfAt(browser, '/dashboard/security');
    await browser.post('/dashboard/security', { csrf, intent: 'totp_start' });
    const secret = /data-testid="totp-secret">([A-Z2-7]+)</.exec((await browser.get('/dashboard/security')).html)![1]!;
    const code = authenticator.generate(secret);
    expect((await browser.post('/dashboard/security', { csrf, intent: 'totp_confirm', code })).status).toBe(303);
    // The sandbox's first start gives its first admin a new welcome link every time.
    const token = await server.services.db.transaction(async (tx) => {
      const user = (await server.services.dashboardUsers.listUsers(tx, m.organisationId)).find(
        (u) => u.email === email,
      )!;
      return server.services.dashboardUsers.issueLink(tx, user.id, 'sign_in');
    });
    const linked = new PageClient(server.url);
    const page = await linked.get(`/dashboard/welcome/${token}`);
    const fresh = 'another long passphrase';
    const saved = await linked.post(`/dashboard/welcome/${token}`, {
      csrf: linked.csrfOf(page.html),
      password: fresh,
      confirm: fresh,
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe('/dashboard/sign-in/code?next=%2Fdashboard');
    expect((await linked.get('/dashboard')).status).toBe(303);
    const stepCsrf = linked.csrfOf((await linked.get(saved.location!)).html);
    const wrong = String((Number(authenticator.generate(secret)) + 1) % 1_000_000).padStart(6, '0');
    expect((await linked.post('/dashboard/sign-in/code', { csrf: stepCsrf, code: wrong })).status).toBe(400);
    const right = await linked.post('/dashboard/sign-in/code', {
      csrf: stepCsrf,
      code: authenticator.generate(secret),
      next: '/dashboard',
    });
    expect(right.status).toBe(303);
    expect(right.location).toBe('/dashboard');
    expect((await linked.get('/dashboard')).status).toBe(200);
  });
});

describe('two-step verification', () => {
  it('asks for a TOTP code after the password once it is turned on', async () => {
    const { email } = await dashboardUser(server, m.organisationId, 'viewer');
    const browser = await signedInAs(server, email);
    const csrf = await csrfAt(browser, '/dashboard/security');
    expect((await browser.post('/dashboard/security', { csrf, intent: 'totp_start' })).status).toBe(303);
    const setup = await browser.get('/dashboard/security');
    const secret = /data-testid="totp-secret">([A-Z2-7]+)</.exec(setup.html)![1]!;
    const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = { csrf, intent: 'totp_confirm', code: wrongFor(authenticator.generate(secret)) };
    expect((await browser.post('/dashboard/security', refused)).status).toBe(400);
    const code = authenticator.generate(secret);
    expect((await browser.post('/dashboard/security', { csrf, intent: 'totp_confirm', code })).status).toBe(303);

    const { browser: next, answer } = await signIn(server, email);
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(/^\/dashboard\/sign-in\/code/);
    // Between the password and the code, nothing of the dashboard opens.
    expect((await next.get('/dashboard')).status).toBe(303);
    const step = await next.get(answer.location!);
    const stepCsrf = next.csrfOf(step.html);
    const wrong = wrongFor(authenticator.generate(secret));
    expect((await next.post('/dashboard/sign-in/code', { csrf: stepCsrf, code: wrong })).status).toBe(400);
    const right = await next.post('/dashboard/sign-in/code', { csrf: stepCsrf, code: authenticator.generate(secret) });
    expect(right.status).toBe(303);
    expect((await next.get('/dashboard')).status).toBe(200);
  });

  it('takes a code from the step before the current one, typed as the step turned, but not one older', async () => {
    const { email } = await dashboardUser(server, m.organisationId, 'viewer');
    const browser = await signedInAs(server, email);
    const csrf = await csrfAt(browser, '/dashboard/security');
    await browser.post('/dashboard/security', { csrf, intent: 'totp_start' });
    const secret = /data-testid="totp-secret">([A-Z2-7]+)</.exec((await browser.get('/dashboard/security')).html)![1]!;
    const stepsAgo = (n: number) => authenticator.clone({ epoch: Date.now() - n * 30_000 }).generate(secret);
    const confirm = (code: string) => browser.post('/dashboard/security', { csrf, intent: 'totp_confirm', code });
    const twoStepsAgo = stepsAgo(2);
    if (twoStepsAgo !== authenticator.generate(secret)) expect((await confirm(twoStepsAgo)).status).toBe(400);
    expect((await confirm(stepsAgo(1))).status).toBe(303);

    const { browser: next, answer } = await signIn(server, email);
    const stepCsrf = next.csrfOf((await next.get(answer.location!)).html);
    const right = await next.post('/dashboard/sign-in/code', { csrf: stepCsrf, code: stepsAgo(1) });
    expect(right.status).toBe(303);
  });
});

describe('signing out', () => {
  it('signs out this session, or every session of the user', async () => {
    const { email } = await dashboardUser(server, m.organisationId);
    const first = await signedInAs(server, email);
    const second = await signedInAs(server, email);
    const out = await first.post('/dashboard/sign-out', { csrf: await csrfAt(first) });
    expect(out.location).toBe('/dashboard/sign-in?done=signed_out');
    expect((await first.get('/dashboard')).status).toBe(303);
    expect((await second.get('/dashboard')).status).toBe(200);
    const third = await signedInAs(server, email);
    await second.post('/dashboard/sign-out', { csrf: await csrfAt(second), everywhere: 'yes' });
    expect((await third.get('/dashboard')).status).toBe(303);
  });
});
