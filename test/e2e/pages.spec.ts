import { expect, test } from '@playwright/test';

test('the landing page is served over HTTPS by the same process as the API', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'bankflow' })).toBeVisible();
  await page.getByRole('link', { name: 'Error reasons' }).click();
  await expect(page).toHaveURL(/\/docs\/errors$/);
});

test('every error documentation_url lands on its reason', async ({ page, request }) => {
  const api = await request.get('/blocks', { headers: { accept: 'application/json' } });
  expect(api.status()).toBe(401);
  const { error } = await api.json();
  await page.goto(error.documentation_url);
  await expect(page.locator(`tr#${error.errors[0].reason}`)).toBeVisible();
});
