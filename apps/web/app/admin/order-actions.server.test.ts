import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import type { AdminApi } from './admin-api.server';
import type { FormResult } from './form-result';
import { orderAction } from './order-actions.server';

/** An admin API that records the calls made through it; `refuse` makes every change fail with that API answer. */
function fakeAdmin(refuse?: ApiError) {
  const calls: Array<{ name: string; args: unknown[] }> = [];
  const change =
    (name: string) =>
    async (...args: unknown[]) => {
      calls.push({ name, args });
      if (refuse) throw refuse;
      return {};
    };
  const admin = {
    headers: () => new Headers(),
    markPaid: change('markPaid'),
    ship: change('ship'),
    cancel: change('cancel'),
    refund: change('refund'),
    resendConfirmation: change('resendConfirmation'),
    addNote: change('addNote'),
  } as unknown as AdminApi;
  return { admin, calls };
}

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
};

/** What the action answered: its data and its status. */
async function run(admin: AdminApi, fields: Record<string, string>) {
  const answer = (await orderAction(admin, 'order-1', form(fields))) as unknown as { data: FormResult; init: ResponseInit | null };
  return { result: answer.data, status: answer.init?.status ?? 200 };
}

describe('the order page forms', () => {
  it('a refund in dollars goes to the API in cents, with the reason and the CSRF token', async () => {
    const { admin, calls } = fakeAdmin();
    const { result } = await run(admin, { csrf: 'token', intent: 'refund', amount: '$1,012.50', reason: 'Scratched' });
    expect(calls).toEqual([{ name: 'refund', args: ['token', 'order-1', { amountCents: 101250, reason: 'Scratched' }] }]);
    expect(result).toMatchObject({ intent: 'refund', ok: true, message: 'Refunded $1,012.50.' });
  });

  it('the full-refund button refunds what is left', async () => {
    const { admin, calls } = fakeAdmin();
    await run(admin, { csrf: 'token', intent: 'refund', full: 'yes', refundable: '4295', amount: '', reason: 'Lost in the post' });
    expect(calls[0]?.args[2]).toEqual({ amountCents: 4295, reason: 'Lost in the post' });
  });

  it.each(['', 'ten', '12.345', '-5', '0'])('an amount that is not dollars (%j) is refused on the page, and the API is not called', async (amount) => {
    const { admin, calls } = fakeAdmin();
    const { result, status } = await run(admin, { csrf: 'token', intent: 'refund', amount, reason: 'x' });
    expect(status).toBe(400);
    expect(result).toMatchObject({ ok: false, fields: { amount: 'Enter an amount in dollars, such as 12.50.' }, values: { amount, reason: 'x' } });
    expect(calls).toEqual([]);
  });

  it('cancelling asks first; only the confirmed form cancels', async () => {
    const { admin, calls } = fakeAdmin();
    const first = await run(admin, { csrf: 'token', intent: 'cancel', reason: 'Customer called' });
    expect(first.result).toMatchObject({ intent: 'cancel', ok: false, code: 'CONFIRM', values: { reason: 'Customer called' } });
    expect(calls).toEqual([]);
    const second = await run(admin, { csrf: 'token', intent: 'cancel', reason: 'Customer called', confirmed: 'yes' });
    expect(second.result).toMatchObject({ ok: true });
    expect(calls).toEqual([{ name: 'cancel', args: ['token', 'order-1', { reason: 'Customer called' }] }]);
  });

  it('a form without its CSRF token still asks the API, which refuses; its words are shown with its status', async () => {
    const refusal = new ApiError(403, { error: { code: 'CSRF_TOKEN_INVALID', message: 'This change was refused because the page that sent it could not be verified.' } });
    const { admin, calls } = fakeAdmin(refusal);
    const { result, status } = await run(admin, { intent: 'ship', carrier: 'USPS', trackingNumber: '9400 1000' });
    expect(calls[0]).toEqual({ name: 'ship', args: [null, 'order-1', { carrier: 'USPS', trackingNumber: '9400 1000' }] });
    expect(status).toBe(403);
    expect(result).toMatchObject({ intent: 'ship', ok: false, message: refusal.message, values: { trackingNumber: '9400 1000' } });
  });

  it("the API's field mistakes are put next to their fields", async () => {
    const refusal = new ApiError(400, {
      error: { code: 'VALIDATION_ERROR', message: 'trackingNumber must be 8 to 40 letters and digits', details: [{ field: 'trackingNumber', message: 'must be 8 to 40 letters and digits' }] },
    });
    const { admin } = fakeAdmin(refusal);
    const { result } = await run(admin, { csrf: 'token', intent: 'ship', carrier: 'UPS', trackingNumber: '12' });
    expect(result.fields).toEqual({ trackingNumber: 'must be 8 to 40 letters and digits' });
  });

  it('a carrier the page does not offer is refused before the API', async () => {
    const { admin, calls } = fakeAdmin();
    const { result } = await run(admin, { csrf: 'token', intent: 'ship', carrier: 'Pigeon', trackingNumber: '9400100000' });
    expect(result).toMatchObject({ ok: false, fields: { carrier: 'Choose the carrier.' } });
    expect(calls).toEqual([]);
  });

  it('a server error is not dressed up as a form message: it goes to the error page', async () => {
    const { admin } = fakeAdmin(new ApiError(500, undefined));
    await expect(orderAction(admin, 'order-1', form({ csrf: 't', intent: 'note', text: 'hi' }))).rejects.toBeInstanceOf(ApiError);
  });

  it('a form the page does not know is refused', async () => {
    const { admin, calls } = fakeAdmin();
    const { result, status } = await run(admin, { csrf: 'token', intent: 'delete_everything' });
    expect(status).toBe(400);
    expect(result.ok).toBe(false);
    expect(calls).toEqual([]);
  });
});
