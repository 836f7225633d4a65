import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { expectAccessible, waitForEnhancement, anotherPersonsBrowser, signInAsAdmin } from './support';

/**
 * Admins invite others (issue #19, decision 0051), with JavaScript on and off, on the desktop and
 * the phone: the admin's invitation refused without an address (next to its field), then sent;
 * its link read from the sandbox mailbox and opened in a browser of the invitee's own, where they
 * choose a password and land signed in as a viewer; the viewer sees the Team page without its
 * forms, and a write of theirs is the 403 page. axe on every page once the enhancement script has
 * settled, and the Team page fits 320 px.
 */
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

const fitsIn320 = async (page: Page) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
};

/** The invitation link in the newest mail to `email`, read as a person reads the sandbox mailbox. */
async function linkFromMailbox(page: Page, email: string) {
  await page.goto('/sandbox/mailbox');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await page.goto((await row.getByRole('link').getAttribute('href'))!, { waitUntil: 'domcontentloaded' });
  await expect(heading(page)).toHaveText('You are invited to a bankflow dashboard');
  const text = await page.locator('pre').textContent();
  return new URL(/https:\S+\/dashboard\/invitations\/\S+/.exec(text ?? '')![0]).pathname;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`invitations with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('an admin invites a viewer, who joins from the mailed link and cannot write', async ({ page, browser }) => {
      test.setTimeout(120_000);
      const settledAndAccessible = async (on: Page) => {
        if (!javaScriptEnabled) return;
        await waitForEnhancement(on);
        await expectAccessible(on);
      };
      const email = `viewer-${test.info().project.name}-${javaScriptEnabled ? 'js' : 'nojs'}-${Date.now()}@e2e.example`;

      await signInAsAdmin(page);
      await page.getByRole('link', { name: 'Team' }).click();
      await expect(heading(page)).toHaveText('Team');
      await settledAndAccessible(page);
      await fitsIn320(page);

      // Refused next to its field first, then sent.
      await page.getByRole('radio', { name: 'Viewer' }).check();
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.locator('#email-error')).toHaveText('Enter an email address');
      await expect(page.locator('.error-summary a[href="#email"]')).toBeVisible();
      await settledAndAccessible(page);
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('radio', { name: 'Viewer' }).check();
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByRole('status')).toHaveText(`Invitation sent to ${email}.`);
      const invited = page.getByTestId('member').filter({ hasText: email });
      await expect(invited).toHaveAttribute('data-status', 'invited');
      await settledAndAccessible(page);
      await fitsIn320(page);

      const link = await linkFromMailbox(page, email);

      // The invitee: a browser of their own, the same screen and JavaScript.
      const theirs = await anotherPersonsBrowser(browser, javaScriptEnabled);
      try {
        const viewer = await theirs.newPage();
        await viewer.goto(link);
        await expect(heading(viewer)).toHaveText('Join the dashboard: choose your password');
        await settledAndAccessible(viewer);
        await viewer.getByLabel('New password', { exact: true }).fill('a viewer passphrase 0001');
        await viewer.getByLabel('Confirm new password').fill('a viewer passphrase 0001');
        await viewer.getByRole('button', { name: 'Save password' }).click();
        await expect(heading(viewer)).toHaveText('Home');
        await expect(viewer.getByText(`Signed in as ${email} (viewer)`)).toBeVisible();

        await viewer.getByRole('link', { name: 'Team' }).click();
        await expect(heading(viewer)).toHaveText('Team');
        await expect(viewer.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
        await expect(viewer.getByRole('link', { name: /^Disable / })).toHaveCount(0);
        await settledAndAccessible(viewer);
        await fitsIn320(viewer);

        // A write from the viewer, by the action's address: the 403 page, and the admin stays as they were.
        const adminId = await viewer.getByTestId('member').filter({ hasText: E2E_ADMIN.email }).getAttribute('data-id');
        await viewer.goto(`/dashboard/team/${adminId}/disable`);
        await settledAndAccessible(viewer);
        await viewer.getByRole('button', { name: 'Disable this person' }).click();
        await expect(heading(viewer)).toHaveText('You cannot do this');
        await settledAndAccessible(viewer);

        // The link works once.
        await viewer.goto(link);
        await expect(heading(viewer)).toHaveText('This link has expired or was already used');
        await settledAndAccessible(viewer);
      } finally {
        await theirs.close();
      }

      await page.goto('/dashboard/team');
      await expect(page.getByTestId('member').filter({ hasText: email })).toHaveAttribute('data-status', 'active');
      // The role question an admin is asked, as radios, at 320 px.
      await page.getByRole('link', { name: `Change the role of ${email}` }).click();
      await expect(heading(page)).toHaveText(`Change the role of ${email}`);
      await expect(page.getByRole('radio', { name: 'Viewer' })).toBeChecked();
      await settledAndAccessible(page);
      await fitsIn320(page);
      await page.getByRole('link', { name: 'Back to the team' }).click();
      await expect(page.getByTestId('member').filter({ hasText: E2E_ADMIN.email })).toHaveAttribute(
        'data-status',
        'active',
      );
    });
  });
}
