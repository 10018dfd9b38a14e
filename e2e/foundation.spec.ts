import { expect, test } from '@playwright/test';

test('the home page is rendered on the server from the API', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('Dog Charms');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dog Charms' })).toHaveAttribute('href', '/categories/Dog-Charms');
});

test('the API answers under /api on the same address', async ({ request }) => {
  const response = await request.post('/api/user-session', { data: { metalId: 10 } });
  expect(response.status()).toBe(201);
  expect(await response.json()).toMatchObject({ metalId: 10, braceletSize: 7, productsOrderBy: 'Name' });
  const unknown = await request.get('/api/nothing-here');
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
});
