import { expect, test, type Page } from '@playwright/test';
import { LANGUAGES } from '../../i18n/languages';
import { confirmedPayment, expectAccessible, signInAsAdmin } from './support';

/**
 * The dashboard at a laptop's 1280 px (issue 39): the navigation is one line in every language
 * (its sections grouped, an open group's pages a line of their own), nothing scrolls sideways, the
 * events explorer's table fits its column, and the home's chart has its axes and one bar a day
 * with its table under it, not over it. Measured from the boxes the browser laid out; axe-clean.
 */
// A laptop in both projects: the phone's 320 px layout has its own checks (dashboard.spec.ts).
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

type Box = { x: number; y: number; width: number; height: number };
const boxes = (page: Page, selector: string): Promise<Box[]> =>
  page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    }),
  );
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function expectOneLine(page: Page, navigation: string) {
  const items = await boxes(page, `nav[aria-label="${navigation}"] li`);
  expect(items.length, navigation).toBeGreaterThan(2);
  for (const item of items) {
    expect(Math.abs(item.y - items[0]!.y), `${navigation}: ${page.url()}`).toBeLessThan(2);
    expect(item.x + item.width).toBeLessThanOrEqual(1280);
  }
}

test('the navigation is one line in every language, and no page scrolls sideways', async ({ page }) => {
  await signInAsAdmin(page);
  for (const language of LANGUAGES) {
    await page.setExtraHTTPHeaders({ 'accept-language': language });
    for (const path of ['/dashboard', '/dashboard/payments', '/dashboard/mandates', '/dashboard/developers/events']) {
      await page.goto(path);
      const main = await page.locator('header nav').first().getAttribute('aria-label');
      await expectOneLine(page, main!);
      const group = page.locator('nav.dash-subnav');
      if (path === '/dashboard/payments' || path === '/dashboard/mandates') {
        await expect(group.locator('a[aria-current="page"]')).toHaveAttribute('href', path);
        await expectOneLine(page, (await group.getAttribute('aria-label'))!);
      } else {
        await expect(group).toHaveCount(0);
      }
      expect(await sidewaysScroll(page), `${language} ${path}`).toBeLessThanOrEqual(0);
    }
  }
});

test('a group opens on its first page, marks itself current and names its pages', async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Money' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payments');
  await expect(page.getByRole('link', { name: 'Money' })).toHaveAttribute('aria-current', 'true');
  const money = page.getByRole('navigation', { name: 'Money' });
  await expect(money.getByRole('link')).toHaveText([
    'Payments',
    'Subscriptions',
    'Instalment schedules',
    'Refunds',
    'Payouts',
    'Bank reports',
  ]);
  await money.getByRole('link', { name: 'Payouts' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payouts');
  await expect(money.getByRole('link', { name: 'Payouts' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);
});

test("the events table fits its column and the home's chart has axes, a bar a day and its table under it", async ({
  page,
  request,
}) => {
  await confirmedPayment(request);
  await signInAsAdmin(page);

  await page.goto('/dashboard/developers/events');
  const region = page.getByRole('region', { name: 'Events' });
  await expect(region.locator('tbody tr').first()).toBeVisible();
  const [main] = await boxes(page, 'main');
  const [table] = await boxes(page, '.events-table');
  expect(table!.x + table!.width).toBeLessThanOrEqual(main!.x + main!.width);
  expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  // Every column is in view: the last one too.
  await expect(region.getByRole('columnheader').last()).toBeInViewport();
  await expectAccessible(page);

  await page.goto('/dashboard');
  const chart = page.getByRole('img', { name: /^Money collected per day in SEK/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('rect')).toHaveCount(90);
  await expect(chart.locator('[data-axis="money"] text')).toHaveCount(3);
  await expect(chart.locator('[data-axis="day"] text')).toHaveCount(3);
  const drawn = (await chart.boundingBox())!;
  const listed = (await page.getByRole('region', { name: /^Money collected per day in SEK/ }).boundingBox())!;
  expect(listed.y).toBeGreaterThanOrEqual(drawn.y + drawn.height);
  // The axis labels are inside the drawing, not cut off at its edge: measured in one layout with
  // the drawing itself, so nothing that moves the page between two measurements can tell apart.
  const { svg, labels } = await chart.evaluate((element) => {
    const box = ({ x, y, width, height }: DOMRect) => ({ x, y, width, height });
    return {
      svg: box(element.getBoundingClientRect()),
      labels: [...element.querySelectorAll('text')].map((text) => box(text.getBoundingClientRect())),
    };
  });
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels) {
    expect(label.x).toBeGreaterThanOrEqual(svg.x - 1);
    expect(label.x + label.width).toBeLessThanOrEqual(svg.x + svg.width + 1);
    expect(label.y + label.height).toBeLessThanOrEqual(svg.y + svg.height + 1);
  }
  await expect(
    page.getByRole('cell', { name: 'Confirmed funds Collected from payers and not yet in a payout.' }).first(),
  ).toBeVisible();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
