import { describe, expect, it } from 'vitest';
import type { AppLoadContext } from 'react-router';
import { adminApi } from './admin-api.server';

/** A context whose API answers every call with the staff cookies, as a sign-in does. */
function contextAnswering(setCookies: string[]): AppLoadContext {
  return { apiTransport: async () => ({ status: 200, body: {}, setCookies }) } as unknown as AppLoadContext;
}
const cookies = ['staff_session=abc; Path=/; HttpOnly; SameSite=Strict', 'XSRF-TOKEN=n.s; Path=/; SameSite=Strict'];

describe('the staff cookies the admin passes on to the browser', () => {
  it('are made Secure when the page was served over HTTPS, even when the API (called in-process) did not know', async () => {
    const admin = adminApi(new Request('https://shop.example/account', { method: 'POST' }), contextAnswering(cookies));
    await admin.signIn({ email: 'sam@charms.example', password: 'a long test password' });
    expect(admin.headers().getSetCookie()).toEqual(cookies.map((cookie) => `${cookie}; Secure`));
    expect(admin.headers().get('cache-control')).toBe('no-store');
  });

  it('are passed on as they are over plain HTTP (local development), and never flagged twice', async () => {
    const plain = adminApi(new Request('http://localhost:3000/account', { method: 'POST' }), contextAnswering(cookies));
    await plain.signIn({ email: 'sam@charms.example', password: 'a long test password' });
    expect(plain.headers().getSetCookie()).toEqual(cookies);
    const secure = [`${cookies[0]}; Secure`];
    const https = adminApi(new Request('https://shop.example/account', { method: 'POST' }), contextAnswering(secure));
    await https.signIn({ email: 'sam@charms.example', password: 'a long test password' });
    expect(https.headers().getSetCookie()).toEqual(secure);
  });
});
