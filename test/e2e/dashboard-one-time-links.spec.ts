import { expect, test, type Page } from '@playwright/test';
import { anotherPersonsBrowser, expectAccessible, signInAsAdmin, waitForEnhancement } from './support';

/**
 * A one-time link leaves its user signed in (issue #41.4, decision 0064), with JavaScript on and
 * off, on the desktop and the phone: a colleague invited as an admin joins, asks for a reset link,
 * and choosing the new password through it lands them on Home signed in, not on the sign-in page.
 * (The start's welcome link is the same page and action; the journeys' server prints it to a
 * terminal they cannot read, so the reset link, read from the sandbox mailbox, stands for it.)
 */
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The newest mail's link to `email` whose path starts `prefix`, read as a person reads the sandbox mailbox. */
async function linkFromMailbox(page: Page, email: string, subject: string, prefix: string) {
  await expect(async () => {
    await page.goto('/sandbox/mailbox');
    await expect(page.getByRole('row').filter({ hasText: email }).filter({ hasText: subject })).toHaveCount(1);
  }).toPass({ timeout: 15_000 });
  const row = page.getByRole('row').filter({ hasText: email }).filter({ hasText: subject });
  await page.goto((await row.getByRole('link').getAttribute('href'))!, { waitUntil: 'domcontentloaded' });
  const text = await page.locator('pre').textContent();
  return new URL(new RegExp(`https:\\S+${prefix}\\S+`).exec(text ?? '')![0]).pathname;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`one-time links with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('choosing a password through a reset link leaves the user signed in on Home', async ({ page, browser }) => {
      test.setTimeout(120_000);
      const email = `reset-${test.info().project.name}-${javaScriptEnabled ? 'js' : 'nojs'}-${Date.now()}@e2e.example`;
      const choose = async (on: Page, password: string) => {
        await on.getByLabel('New password', { exact: true }).fill(password);
        await on.getByLabel('Confirm new password').fill(password);
        await on.getByRole('button', { name: 'Save password' }).click();
      };

      await signInAsAdmin(page);
      await page.getByRole('link', { name: 'Team' }).click();
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('radio', { name: 'Admin' }).check();
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByRole('status')).toHaveText(`Invitation sent to ${email}.`);
      const invitation = await linkFromMailbox(page, email, 'invited', '/dashboard/invitations/');

      const theirs = await anotherPersonsBrowser(browser, javaScriptEnabled);
      try {
        const joined = await theirs.newPage();
        await joined.goto(invitation);
        await choose(joined, 'a first passphrase 0001');
        await expect(heading(joined)).toHaveText('Home');

        // Later, on another device: the password is forgotten, a link is asked for.
        const other = await anotherPersonsBrowser(browser, javaScriptEnabled);
        try {
          const forgot = await other.newPage();
          await forgot.goto('/dashboard/reset');
          await forgot.getByLabel('Email address').fill(email);
          await forgot.getByRole('button', { name: 'Send link' }).click();
          await expect(forgot.getByRole('status')).toContainText('a link is on its way');
          const reset = await linkFromMailbox(
            page,
            email,
            'Reset your bankflow dashboard password',
            '/dashboard/reset/',
          );

          await forgot.goto(reset);
          await expect(heading(forgot)).toHaveText('Choose a new password');
          if (javaScriptEnabled) {
            await waitForEnhancement(forgot);
            await expectAccessible(forgot);
          }
          await choose(forgot, 'a second passphrase 0002');
          await expect(heading(forgot)).toHaveText('Home');
          await expect(forgot).toHaveURL(/\/dashboard$/);
          await expect(forgot.getByText(`Signed in as ${email} (admin)`)).toBeVisible();
          // The new password ended the older session.
          await joined.goto('/dashboard');
          await expect(heading(joined)).toHaveText('Sign in');
        } finally {
          await other.close();
        }
      } finally {
        await theirs.close();
      }
    });
  });
}
