import { describe, expect, it } from 'vitest';
import type { Route } from './+types/newsletter';
import { action } from './newsletter';

const post = (email: string) =>
  ({ request: new Request('http://shop.example/newsletter', { method: 'POST', body: new URLSearchParams({ email }) }), params: {}, context: {} }) as unknown as Route.ActionArgs;

/** The answer's headers, whether the action answered with data(...) or a plain object. */
const headersOf = (answer: unknown) => new Headers((answer as { init?: { headers?: HeadersInit } } | null)?.init?.headers);

describe('the newsletter signup without JavaScript', () => {
  it('thanks the shopper and keeps the address out of cookies', async () => {
    const answer = await action(post('ann@example.com'));
    expect(headersOf(answer).get('set-cookie')).toBeNull();
    expect(JSON.stringify(answer)).not.toContain('ann@example.com');
    expect(answer).toEqual({ error: null });
  });

  it('refuses an address that is not one with the same message as the footer form', async () => {
    const answer = (await action(post('not-an-address'))) as { data: { error: string }; init: { status: number } };
    expect(answer.init.status).toBe(400);
    expect(answer.data.error).toBe('Email address invalid');
  });
});
