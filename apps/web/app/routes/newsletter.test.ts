import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import type { Route } from './+types/newsletter';
import { action } from './newsletter';

/** The action with an API stand-in: `subscribe` answers (or throws) as the API would. */
function post(email: string, subscribe: (email: string) => Promise<unknown> = async () => ({ status: 'check-inbox', message: '' })) {
  const calls: string[] = [];
  const log = { info() {}, warn() {}, error() {} };
  const args = {
    request: new Request('http://shop.example/newsletter', { method: 'POST', body: new URLSearchParams({ email }) }),
    params: {},
    context: { api: { subscribeNewsletter: (given: string) => (calls.push(given), subscribe(given)) }, log },
  } as unknown as Route.ActionArgs;
  return { answer: action(args) as Promise<unknown>, calls };
}

/** What a data(...) answer holds: its body, status and headers. */
const read = (answer: unknown) => {
  const { data, init } = answer as { data: unknown; init?: { status?: number; headers?: HeadersInit } | null };
  return { body: data, status: init?.status ?? 200, headers: new Headers(init?.headers) };
};

describe('the newsletter signup action', () => {
  it('asks the API to send the confirmation, answers done, and keeps the address out of cookies and the answer', async () => {
    const { answer, calls } = post('ann@example.com');
    const { body, status, headers } = read(await answer);
    expect(calls).toEqual(['ann@example.com']);
    expect(status).toBe(200);
    expect(body).toEqual({ done: true });
    expect(headers.get('set-cookie')).toBeNull();
    expect(JSON.stringify(body)).not.toContain('ann@example.com');
  });

  it('refuses an address that is not one with the footer form’s message, without calling the API', async () => {
    const { answer, calls } = post('not-an-address');
    const { body, status } = read(await answer);
    expect(status).toBe(400);
    expect(body).toEqual({ done: false, error: 'Email address invalid', problem: null });
    expect(calls).toEqual([]);
  });

  it('passes on the API’s rate limit as a problem with the signup, status 429', async () => {
    const refusal = new ApiError(429, { error: { code: 'RATE_LIMITED', message: 'Too many sign-ups. Please wait 5 minutes and try again.' } });
    const { answer } = post('ann@example.com', async () => Promise.reject(refusal));
    const { body, status } = read(await answer);
    expect(status).toBe(429);
    expect(body).toEqual({ done: false, error: null, problem: 'Too many sign-ups. Please wait 5 minutes and try again.' });
  });

  it('says to try later when the shop cannot answer, instead of failing the page', async () => {
    const { answer } = post('ann@example.com', async () => Promise.reject(new Error('database away')));
    const { body, status } = read(await answer);
    expect(status).toBe(503);
    expect(body).toMatchObject({ done: false, problem: expect.stringMatching(/try again/) });
  });
});
