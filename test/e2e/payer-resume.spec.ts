import { expect, test, type Browser, type Page } from '@playwright/test';
import { anotherPersonsBrowser, expectAccessible, fillUkDetails, newFlow, signInAsAdmin } from './support';

/**
 * Issue #38, resume anywhere (decision 0093): the payer leaves at the bank account step in one
 * browser and opens the link in another (a fresh context, no cookies: the QR on another device).
 * That one asks for the code mailed to the email they gave, then goes on at the account step with
 * their answers kept. On a phone with JavaScript and a desktop without.
 */
test.use({ javaScriptEnabled: async ({ isMobile }, use) => use(isMobile) });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** axe runs inside the page: with JavaScript off there is nothing to run it in (the same HTML). */
async function accessible(page: Page) {
  if (test.info().project.name === 'phone') await expectAccessible(page);
}

/** The newest code mailed to `email`, read as the merchant reads the sandbox mailbox. */
async function mailedCode(browser: Browser, email: string, count: number): Promise<string> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  try {
    const reader = await context.newPage();
    await signInAsAdmin(reader);
    const rows = reader.getByRole('row').filter({ hasText: email });
    await expect(async () => {
      await reader.goto('/dashboard/mailbox');
      await expect(rows).toHaveCount(count);
    }).toPass({ timeout: 15_000 });
    await reader.goto((await rows.first().getByRole('link').getAttribute('href'))!, { waitUntil: 'domcontentloaded' });
    await expect(heading(reader)).toContainText('Your code to carry on paying');
    return /\b(\d{6})\b/.exec((await reader.locator('pre').textContent()) ?? '')![1]!;
  } finally {
    await context.close();
  }
}

async function leaveAtAccount(page: Page) {
  const email = `resume-${test.info().project.name}-${Date.now()}@example.com`;
  const { path } = await newFlow(request(page), { mandate_request: { currency: 'GBP', scheme: 'bacs' } });
  await page.goto(path);
  await expect(heading(page)).toHaveText('Your details');
  await fillUkDetails(page, email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Your bank account');
  return { email, path };
}
const request = (page: Page) => page.context().request;

test('another browser resumes at the bank account step after the code mailed to the payer', async ({
  page,
  browser,
}) => {
  const javaScriptEnabled = test.info().project.name === 'phone';
  const { email, path } = await leaveAtAccount(page);

  const other = await anotherPersonsBrowser(browser, javaScriptEnabled);
  try {
    const b = await other.newPage();
    await b.goto(path);
    await expect(heading(b)).toHaveText('Enter the code we sent to r***@e***.com');
    await expect(b).toHaveTitle(/^Enter the code we sent to r\*\*\*@e\*\*\*\.com – /);
    // The other device never sees the address whole, nor any answer.
    expect(await b.content()).not.toContain(email);
    expect(await b.content()).not.toContain('Jane');
    await accessible(b);

    // A wrong code: the question again, with the error summary (GOV.UK), titled "Error: ".
    const code = await mailedCode(browser, email, 1);
    await b.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
    await b.getByRole('button', { name: 'Continue' }).click();
    await expect(b.locator('.error-summary')).toContainText('The code is not right');
    await expect(b.locator('.error-summary a[href="#code"]')).toBeVisible();
    await expect(b).toHaveTitle(/^Error: /);
    await accessible(b);

    await b.getByLabel('Code').fill(code);
    await b.getByRole('button', { name: 'Continue' }).click();
    await expect(heading(b)).toHaveText('Your bank account');
    await b.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(heading(b)).toHaveText('Your details');
    await expect(b.getByLabel('First name')).toHaveValue('Jane');
    await expect(b.getByLabel('Email address')).toHaveValue(email);
  } finally {
    await other.close();
  }

  // The payer's own browser goes on as it was, without a code.
  await page.goto(path);
  await expect(heading(page)).toHaveText('Your bank account');
});

test('too many wrong codes are refused, even the right one after them; a new code works', async ({ page, browser }) => {
  const javaScriptEnabled = test.info().project.name === 'phone';
  const { email, path } = await leaveAtAccount(page);
  const other = await anotherPersonsBrowser(browser, javaScriptEnabled);
  try {
    const b = await other.newPage();
    await b.goto(path);
    const code = await mailedCode(browser, email, 1);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await b.getByLabel('Code').fill(wrong);
      await b.getByRole('button', { name: 'Continue' }).click();
      await expect(b.locator('.error-summary')).toBeVisible();
    }
    await expect(b.locator('.error-summary')).toContainText('You have entered a wrong code too many times');
    await b.getByLabel('Code').fill(code);
    await b.getByRole('button', { name: 'Continue' }).click();
    await expect(b.locator('.error-summary')).toContainText('You have entered a wrong code too many times');
    await accessible(b);

    await b.getByRole('button', { name: 'Send a new code' }).click();
    await expect(b.getByRole('status')).toHaveText('We have sent a new code to r***@e***.com.');
    await accessible(b);
    const fresh = await mailedCode(browser, email, 2);
    await b.getByLabel('Code').fill(fresh);
    await b.getByRole('button', { name: 'Continue' }).click();
    await expect(heading(b)).toHaveText('Your bank account');
  } finally {
    await other.close();
  }
});
