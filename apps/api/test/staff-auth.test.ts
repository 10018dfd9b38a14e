import { describe, expect, it } from 'vitest';
import { errorOf, staffApi, useTestApp } from './helper';

const t = useTestApp();

describe('staff sign-in', () => {
  it('signs in, answers the name, and signs out', async () => {
    const staff = await staffApi(t, { name: 'Olive Owner' });
    const account = await staff.call('GET', '/account');
    expect(account.statusCode).toBe(200);
    expect(account.body).toBe('Olive Owner');
    expect((await staff.call('POST', '/account/sign-out')).statusCode).toBe(204);
    expect((await staff.call('GET', '/account')).statusCode).toBe(401);
  });
  it('refuses a change without the CSRF token', async () => {
    const staff = await staffApi(t);
    const response = await staff.call('POST', '/account/sign-out', undefined, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('CSRF_TOKEN_INVALID');
  });
});
