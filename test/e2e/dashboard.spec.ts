import { expect, test, type Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { E2E_ADMIN, E2E_TOTP_ADMINS } from '../../playwright.config';
import { expectAccessible } from './support';

/**
 * The merchant dashboard in a browser: signing in (with and without JavaScript, with and without
 * TOTP), axe on every page, a token made here and used against the API, and the 320 px layout.
 */
async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/sign-in\?next=/);
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`sign-in with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('signs in with a password, reaches home, and signs out', async ({ page }) => {
      // axe runs in the page, so it checks the pages with JavaScript on (they are the same HTML).
      const checkAccessible = async () => (javaScriptEnabled ? expectAccessible(page) : undefined);
      await page.goto('/dashboard/sign-in');
      await checkAccessible();
      // A wrong password is answered next to the field, by keyboard alone.
      await page.getByLabel('Email address').fill(E2E_ADMIN.email);
      await page.getByLabel('Password').fill('not the password at all');
      await page.getByLabel('Password').press('Enter');
      await expect(page.getByRole('alert')).toContainText('Enter a correct email address and password');
      await checkAccessible();
      await signIn(page, E2E_ADMIN);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
      await expect(page.getByText(`Signed in as ${E2E_ADMIN.email} (admin)`)).toBeVisible();
      await checkAccessible();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('status')).toHaveText('You have signed out.');
      await page.goto('/dashboard/developers');
      await expect(page).toHaveURL(/\/dashboard\/sign-in/);
    });
  });
}

test('every dashboard page passes axe, and none scrolls sideways at 320 px', async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of [
    '/dashboard',
    '/dashboard/developers',
    '/dashboard/security',
    '/dashboard/reset',
    '/dashboard/nope',
  ]) {
    await page.goto(path);
    await expectAccessible(page);
    // Polled: the page may still be settling from the resize (a reload in between would leave no document).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth).catch(() => Infinity), {
        message: page.url(),
      })
      .toBeLessThanOrEqual(0);
  }
  await page.goto('/dashboard/welcome/not-a-link');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link has expired or was already used');
  await expectAccessible(page);
});

test('creates an access token, shown once, that works against the API, then disables it', async ({ page, request }) => {
  await signIn(page, E2E_ADMIN);
  await page.getByRole('link', { name: 'Developers' }).click();
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter a name for the token');
  await expectAccessible(page);
  const name = `Journey ${test.info().project.name} ${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Read and write').check();
  await page.getByRole('button', { name: 'Create token' }).click();
  const value = (await page.getByTestId('new-token').textContent())!.trim();
  await expectAccessible(page);
  const headers = { authorization: `Bearer ${value}`, 'service-version': '2015-07-06', accept: 'application/json' };
  expect((await request.get('/creditors', { headers })).status()).toBe(200);

  await page.goto('/dashboard/developers');
  await expect(page.getByText(value)).toHaveCount(0);
  await page.getByRole('link', { name: `Disable ${name}` }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Yes, disable it' }).click();
  await expect(page.getByRole('status')).toHaveText(`The token ${name} was disabled.`);
  expect((await request.get('/creditors', { headers })).status()).toBe(401);
});

test('adds a webhook endpoint (secret shown once), sends it a test and rotates its secret', async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await page.getByRole('link', { name: 'Developers' }).click();
  await page.getByRole('link', { name: 'Webhook endpoints' }).click();
  await expectAccessible(page);
  const url = `https://merchant.example/hooks/${test.info().project.name}/${Date.now()}`;
  await page.getByLabel('URL').fill(url);
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = (await page.getByTestId('new-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page);
  await page.goto('/dashboard/developers/webhooks');
  await page.getByRole('link', { name: `View ${url}` }).click();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Send a test webhook' }).click();
  // The confirmation page is there before axe reads it (axe on a page mid-navigation has no document).
  const confirm = page.getByRole('button', { name: 'Yes, do it' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.click();
  await expect(page.getByRole('status')).toHaveText('A test webhook is on its way.');
  await expect(page.getByRole('cell', { name: /\(test\)/ })).toHaveCount(1);
  await page.getByRole('link', { name: 'Rotate the signing secret' }).click();
  await page.getByRole('button', { name: 'Yes, do it' }).click();
  const rotated = (await page.getByTestId('new-secret').textContent())!.trim();
  expect(rotated).not.toBe(secret);
  await expectAccessible(page);
});

/** The page fits a 320 px screen without scrolling sideways (polled: it may still be settling). */
async function fitsNarrowScreen(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth).catch(() => Infinity), {
      message: page.url(),
    })
    .toBeLessThanOrEqual(0);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a webhook delivery with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('opens a delivery from its endpoint, reads what was sent and tried, and retries it', async ({ page }) => {
      const checkAccessible = async () => (javaScriptEnabled ? expectAccessible(page) : undefined);
      await signIn(page, E2E_ADMIN);
      await page.goto('/dashboard/developers/webhooks');
      // No receiver answers here (the name does not resolve): each attempt fails, and is shown so.
      const url = `https://merchant.example/deliveries/${test.info().project.name}/${javaScriptEnabled}/${Date.now()}`;
      await page.getByLabel('URL').fill(url);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await page.goto('/dashboard/developers/webhooks');
      await page.getByRole('link', { name: `View ${url}` }).click();
      await page.getByRole('link', { name: 'Send a test webhook' }).click();
      await page.getByRole('button', { name: 'Yes, do it' }).click();
      await expect(page.getByRole('status')).toHaveText('A test webhook is on its way.');
      await page.getByTestId('delivery').getByRole('link').click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Webhook delivery WB[0-9A-Z]{26}$/);
      const original = (await page.getByRole('heading', { level: 1 }).textContent())!.split(' ').at(-1)!;
      await expect(page.getByTestId('request-url')).toHaveText(url);
      await expect(page.getByTestId('request-body')).toContainText('"webhook_test"');
      // The worker tries it within a second or two; the page is read again until it has.
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId('attempt')).not.toHaveCount(0);
      }).toPass({ timeout: 20_000 });
      await expect(page.getByTestId('attempt').first()).toContainText('Failed');
      await checkAccessible();
      await page.setViewportSize({ width: 320, height: 640 });
      await fitsNarrowScreen(page);

      await page.getByRole('link', { name: 'Retry this delivery' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Retry delivery ${original}`);
      await checkAccessible();
      await fitsNarrowScreen(page);
      await page.getByRole('button', { name: 'Yes, retry it' }).click();
      await expect(page.getByRole('status')).toHaveText(
        `This new delivery sends the events of ${original} again. It goes out within a few seconds.`,
      );
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(`Webhook delivery ${original}`);
      await expect(page.getByRole('link', { name: original })).toBeVisible();
      await checkAccessible();
      await fitsNarrowScreen(page);
    });
  });
}

test('turns on TOTP, then signs in with the code', async ({ page }) => {
  // Each project has its own admin for this, so the two never share a secret.
  const E2E_TOTP_ADMIN = E2E_TOTP_ADMINS[test.info().project.name]!;
  await signIn(page, E2E_TOTP_ADMIN);
  await page.getByRole('link', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await expectAccessible(page);
  await page.getByLabel('Security code').fill(authenticator.generate(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('status')).toHaveText('Two-step verification is now on.');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();

  await signIn(page, E2E_TOTP_ADMIN);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your security code');
  await expectAccessible(page);
  await page.getByLabel('Security code').fill(authenticator.generate(secret));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
  // Leave the admin as found, so the journey can run again on the same data.
  await page.getByRole('link', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Turn off two-step verification' }).click();
  await expect(page.getByRole('status')).toHaveText('Two-step verification is now off.');
});
