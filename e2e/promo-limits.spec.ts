import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { send } from './support/raw-http';

/**
 * Promo codes through the bag page's form, as two shoppers at different addresses. The storefront calls the API
 * in-process; the API must still count each shopper at their own address.
 */
async function newShopper(from: string) {
  const response = await send({ from, method: 'POST', path: '/api/user-session', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(response.status).toBe(201);
  return { from, sessionId: (JSON.parse(response.text) as { id: string }).id };
}

/** Posts the bag page's promo form without JavaScript and returns the bag page it redirects to, with its message. */
async function applyPromo(shopper: { from: string; sessionId: string }, code: string) {
  const response = await send({
    from: shopper.from,
    method: 'POST',
    path: '/order',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `user-session-id=${shopper.sessionId}` },
    body: new URLSearchParams({ intent: 'promo', code }).toString(),
  });
  expect(response.status).toBe(302);
  // The message travels in the signed bag-notice cookie to the page the redirect leads to: read it there.
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const notice = cookies.find((cookie) => cookie.startsWith('bag-notice='))!.split(';')[0]!;
  const page = await send({ from: shopper.from, method: 'GET', path: '/order', headers: { cookie: `user-session-id=${shopper.sessionId}; ${notice}` } });
  expect(page.status).toBe(200);
  return page.text;
}

test("one address's wrong codes do not block a shopper at another address", async ({}, testInfo) => {
  // Addresses of this try's own: a retry (or a repeat, --repeat-each) must not find the guesser already counted by
  // the try before it, in the same shop.
  const guesser = `127.${testInfo.repeatEachIndex}.${testInfo.retry}.2`;
  const shopper = `127.${testInfo.repeatEachIndex}.${testInfo.retry}.3`;
  for (let s = 0; s < 3; s++) {
    const session = await newShopper(guesser);
    for (let i = 0; i < 10; i++) expect(await applyPromo(session, `NOPE${randomUUID().slice(0, 6)}`)).not.toMatch(/Too many/);
  }
  expect(await applyPromo(await newShopper(guesser), 'WELCOME10')).toMatch(/Too many promo codes tried/);
  expect(await applyPromo(await newShopper(shopper), 'WELCOME10')).not.toMatch(/Too many/);
});
