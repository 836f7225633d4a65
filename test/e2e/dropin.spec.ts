import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices, expect, test, type FrameLocator, type Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';
import { api, expectAccessible, newFlow } from './support';
import { startMerchantPage } from './dropin-merchant/server';

/**
 * The drop-in as a merchant uses it (issue 16): the real @gocardless/react-dropin on the merchant's
 * own origin, pointed at this server with `initialiseURL`, in Chromium's default cookie policy
 * (the pages are a third-party iframe there). And a browser that refuses every cookie.
 */
const SERVER = `https://localhost:${E2E_PORT}`;
let merchant: Awaited<ReturnType<typeof startMerchantPage>>;

test.beforeAll(async () => {
  merchant = await startMerchantPage(0, SERVER);
});
test.afterAll(() => merchant?.close());

type Callback = { callback: string; args: [Record<string, unknown> | null, Record<string, unknown>] };
const callbacks = async (page: Page): Promise<Callback[]> =>
  JSON.parse((await page.getByTestId('callbacks').textContent()) ?? '[]');

async function checkout(page: Page, flowId: string) {
  await page.goto(`${merchant.origin}/?${new URLSearchParams({ flow: flowId, server: SERVER })}`);
  const pay = page.getByRole('button', { name: 'Pay by bank' });
  await expect(pay).toBeEnabled();
  return pay;
}

/** Presses the modal's Close button from the keyboard, as a keyboard or switch user would. */
async function pressClose(page: Page) {
  await page.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Enter');
}

/** In the modal's flow: the payer's details, a UK bank account and the confirmation, to "All set". */
async function giveBacsMandate(flow: FrameLocator) {
  await expect(flow.getByRole('heading', { level: 1 })).toHaveText('Your details');
  await flow.getByLabel('First name').fill('Jane');
  await flow.getByLabel('Last name').fill('Doe');
  await flow.getByLabel('Email address').fill('jane.dropin@example.com');
  await flow.getByLabel('Address line 1').fill('1 High Street');
  await flow.getByLabel('Town or city').fill('London');
  await flow.getByLabel('Postcode').fill('E1 6AN');
  await flow.getByLabel('Country').selectOption('GB');
  await flow.getByRole('button', { name: 'Continue' }).click();
  await expect(flow.getByRole('heading', { level: 1 })).toHaveText('Your bank account');
  await flow.getByLabel('Sort code').fill('20-00-00');
  await flow.getByLabel('Account number').fill('55779911');
  await flow.getByRole('button', { name: 'Continue' }).click();
  await expect(flow.getByRole('heading', { level: 1 })).toHaveText('Check and confirm');
  const alone = flow.getByRole('group', { name: /authorise Direct Debits on this account by yourself/ });
  await alone.getByLabel('Yes').check();
  await flow.getByRole('button', { name: 'Confirm' }).click();
  await expect(flow.getByRole('heading', { level: 1 })).toHaveText('All set');
}

const mandateFlow = (request: Parameters<typeof newFlow>[0]) =>
  newFlow(request, { mandate_request: { currency: 'GBP' } }, { lock_currency: true });

test('drop-in: a Bacs mandate in the modal on the merchant page; onSuccess gets the fulfilled billing request once', async ({
  page,
  request,
}) => {
  const { billingRequestId, flowId } = await mandateFlow(request);
  const pay = await checkout(page, flowId);
  await pay.click();
  const dialog = page.getByRole('dialog', { name: 'Set up your payment' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
  // StrictMode created the drop-in twice: still one flow on screen.
  await expect(page.locator('iframe')).toHaveCount(1);
  await expect(page.frameLocator('iframe').getByRole('heading', { level: 1 })).toHaveText('Your details');
  await expectAccessible(page);

  const flow = page.frameLocator('iframe[title="Set up your payment"]');
  await giveBacsMandate(flow);

  await expect.poll(async () => (await callbacks(page)).length).toBe(1);
  const [success] = await callbacks(page);
  expect(success!.callback).toBe('onSuccess');
  const [billingRequest, billingRequestFlow] = success!.args;
  expect(billingRequest).toMatchObject({ id: billingRequestId, status: 'fulfilled' });
  expect(billingRequestFlow).toMatchObject({ id: flowId });

  // The success page shown again (a reload in the frame) posts its message again; onSuccess is not called twice.
  await page.evaluate(() => {
    const counted = window as unknown as { successMessages: number };
    counted.successMessages = 0;
    window.addEventListener('message', (event) => {
      if ((event.data as { event?: string } | null)?.event === 'success') counted.successMessages++;
    });
  });
  await page.locator('iframe').evaluate((frame: HTMLIFrameElement) => {
    frame.src = `${frame.src}&reloaded=1`;
  });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { successMessages: number }).successMessages))
    .toBe(1);
  expect(await callbacks(page)).toHaveLength(1);

  // Closing after the success: the modal goes, and onExit is not called.
  await pressClose(page);
  await expect(dialog).toHaveCount(0);
  await expect(pay).toBeFocused();
  expect(await callbacks(page)).toHaveLength(1);
});

test("docs/dropin.md's plain-HTML snippet, pasted as it is: no error, the modal opens and onSuccess runs", async ({
  page,
  request,
}) => {
  const { billingRequestId, flowId } = await mandateFlow(request);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await page.goto(`${merchant.origin}/plain?${new URLSearchParams({ flow: flowId })}`);
  await page.getByRole('button', { name: 'Pay by bank' }).click();
  await expect(page.getByRole('dialog', { name: 'Set up your payment' })).toBeVisible();
  await giveBacsMandate(page.frameLocator('iframe[title="Set up your payment"]'));
  await expect.poll(() => logged).toContain(`done ${billingRequestId}`);
  expect(errors).toEqual([]);
});

test('drop-in: Esc (in the page or in the flow) and the close button call onExit with closed_by_payer; usable at 320 px', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const { flowId } = await mandateFlow(request);
  const pay = await checkout(page, flowId);
  const dialog = page.getByRole('dialog', { name: 'Set up your payment' });
  const flow = page.frameLocator('iframe[title="Set up your payment"]');
  const heading = flow.getByRole('heading', { level: 1 });

  await pay.click();
  await expect(heading).toHaveText('Your details');
  // Esc may land inside the flow (the focus wraps into it): its handler must be attached first.
  await flow.locator('html[data-enhanced]').waitFor({ state: 'attached' });
  // The focus stays in the dialog: the page behind is inert, and Shift+Tab from Close wraps to the flow.
  expect(await page.locator('#root').evaluate((root) => (root as HTMLElement).inert)).toBe(true);
  await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
  const box = (await dialog.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(320);
  await expect(page.getByRole('button', { name: 'Close' })).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await pay.click();
  await expect(heading).toHaveText('Your details');
  await flow.locator('html[data-enhanced]').waitFor({ state: 'attached' });
  await flow.getByLabel('First name').focus();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await pay.click();
  await expect(heading).toHaveText('Your details');
  await pressClose(page);
  await expect(dialog).toHaveCount(0);
  expect(await page.locator('#root').evaluate((root) => (root as HTMLElement).inert)).toBe(false);

  const exits = await callbacks(page);
  expect(exits.map((call) => call.callback)).toEqual(['onExit', 'onExit', 'onExit']);
  for (const exit of exits)
    expect(exit.args).toEqual([null, { reason: 'closed_by_payer', billing_request_flow_id: flowId }]);
});

test('a merchant page wider than a phone: the modal fits the screen, Close takes a tap', async ({
  browser,
  request,
}) => {
  const phone = await browser.newContext({ ...devices['Pixel 7'], ignoreHTTPSErrors: true });
  const page = await phone.newPage();
  const { flowId: flow } = await mandateFlow(request);
  await page.goto(`${merchant.origin}/?${new URLSearchParams({ flow, server: SERVER, wide: '1' })}`);
  await page.getByRole('button', { name: 'Pay by bank' }).tap();
  await page.frameLocator('iframe').getByLabel('First name').fill('Jane'); // the reported case: fields, then Close
  await page.getByRole('button', { name: 'Close' }).tap({ timeout: 5000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await phone.close();
});

test('a page the flow was not opened for cannot frame it', async ({ page, request }) => {
  const { flowId } = await mandateFlow(request);
  await page.goto(merchant.origin);
  // The flow's link without the drop-in, and with an origin that is not this page's.
  for (const src of [`${SERVER}/pay/${flowId}`, `${SERVER}/pay/${flowId}?dropin_origin=https://other.example`]) {
    await page.evaluate(
      (url) =>
        new Promise<void>((resolve) => {
          document.querySelectorAll('iframe').forEach((frame) => frame.remove());
          const frame = document.createElement('iframe');
          frame.title = 'framed';
          frame.addEventListener('load', () => resolve());
          frame.src = url;
          document.body.appendChild(frame);
        }),
      src,
    );
    await expect(page.frameLocator('iframe[title="framed"]').getByRole('heading', { level: 1 })).toHaveCount(0);
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    expect(framed?.url(), src).not.toContain('/pay/');
  }
});

test('a browser that refuses cookies sees the cookies page in its language, not a redirect loop', async ({
  request,
}) => {
  const { flowId } = await mandateFlow(request);
  // Chromium's own setting "Don't allow sites to save data", in a profile of its own.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-nocookies-'));
  fs.mkdirSync(path.join(profile, 'Default'));
  fs.writeFileSync(
    path.join(profile, 'Default', 'Preferences'),
    JSON.stringify({ profile: { default_content_setting_values: { cookies: 2 } } }),
  );
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
    ignoreHTTPSErrors: true,
    locale: 'fr-FR',
  });
  try {
    const page = await context.newPage();
    await page.goto(`${SERVER}/pay/${flowId}`);
    await expect(page).toHaveURL(new RegExp(`/pay/${flowId}/cookies$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activez les cookies pour continuer');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Réessayer' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activez les cookies pour continuer');
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('drop-in: an instant GBP payment opens the bank in a new tab; the modal follows its answer and onSuccess fires', async ({
  page,
  request,
}) => {
  const { billingRequestId, flowId } = await newFlow(request, {
    payment_request: { amount: 4200, currency: 'GBP', description: 'Order 42' },
  });
  await (await checkout(page, flowId)).click();
  const flow = page.frameLocator('iframe[title="Set up your payment"]');
  const heading = flow.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Your details');
  await flow.getByLabel('First name').fill('Jane');
  await flow.getByLabel('Last name').fill('Doe');
  await flow.getByLabel('Email address').fill('jane.instant@example.com');
  await flow.getByRole('button', { name: 'Continue' }).click();
  await expect(heading).toHaveText('Choose your bank');
  await flow.getByLabel('Search for your bank').fill('monz');
  await flow.getByRole('button', { name: 'Select Monzo' }).click();
  await expect(heading).toHaveText('Authorise at your bank');
  await flow.locator('html[data-enhanced]').waitFor({ state: 'attached' });
  await expectAccessible(page);

  // The bank refuses framing: its link opens a tab of its own (a plain link, so without JavaScript too).
  const toBank = flow.getByRole('link', { name: /Continue to Monzo \(opens in a new tab\)/ });
  await expect(toBank).toHaveAttribute('target', '_blank');
  await expect(toBank).toHaveAttribute('rel', 'noopener');
  const [bank] = await Promise.all([page.waitForEvent('popup'), toBank.click()]);
  await expect(bank.getByRole('heading', { level: 1 })).toHaveText('Sandbox bank');
  await bank.getByRole('button', { name: 'Authorise' }).click();
  // Back from the bank in that tab: the payer is sent back to the merchant's page, not into the flow.
  await expect(bank.getByRole('heading', { level: 1 })).toHaveText(/^Go back to /);
  await expect(bank.getByRole('status')).toContainText('You can close this tab');
  await expectAccessible(bank);
  await bank.close();

  // The modal follows the bank's answer by itself, and the merchant page hears of the success.
  await expect(heading).toHaveText('All set', { timeout: 15_000 });
  await expect.poll(async () => (await callbacks(page)).length).toBe(1);
  const [success] = await callbacks(page);
  expect(success!.callback).toBe('onSuccess');
  expect(success!.args[0]).toMatchObject({ id: billingRequestId, status: 'fulfilled' });
  expect(success!.args[1]).toMatchObject({ id: flowId });
});

test('drop-in with billingRequestTemplateID: Continue on the landing page, a Bacs mandate, onSuccess', async ({
  page,
  request,
}) => {
  const template = (
    await api(request, 'POST', '/billing_request_templates', {
      billing_request_templates: {
        name: 'Membership',
        mandate_request_scheme: 'bacs',
        mandate_request_description: 'Gym membership',
      },
    })
  ).billing_request_templates;
  await page.goto(`${merchant.origin}/?${new URLSearchParams({ template: template.id, server: SERVER })}`);
  const pay = page.getByRole('button', { name: 'Pay by bank' });
  await expect(pay).toBeEnabled();
  await pay.click();
  const flow = page.frameLocator('iframe[title="Set up your payment"]');
  await expect(flow.getByRole('heading', { level: 1 })).toHaveText('Start your payment');
  await flow.getByRole('button', { name: 'Continue' }).click();
  await giveBacsMandate(flow);

  await expect.poll(async () => (await callbacks(page)).length).toBe(1);
  const [success] = await callbacks(page);
  expect(success!.callback).toBe('onSuccess');
  const [billingRequest, billingRequestFlow] = success!.args;
  expect(billingRequest).toMatchObject({
    status: 'fulfilled',
    mandate_request: { scheme: 'bacs', description: 'Gym membership' },
  });
  expect(billingRequestFlow).toMatchObject({ id: expect.stringMatching(/^BRF/) });
  expect(billingRequest!.links).toMatchObject({ mandate_request_mandate: expect.stringMatching(/^MD/) });
});
