import { describe, expect, it } from 'vitest';
import { detailErrors, fieldErrorsFromApi, formValues, newIdempotencyKey, readOrderForm } from './order-form';

const typed = {
  idempotencyKey: 'chk-12345678',
  'customer.email': 'ann@example.com',
  'customer.phone': '512-555-0142',
  'shippingAddress.firstName': 'Ann',
  'shippingAddress.lastName': 'Lee',
  'shippingAddress.address1': '1 Main St',
  'shippingAddress.address2': '',
  'shippingAddress.city': 'Austin',
  'shippingAddress.stateProvince': 'TX',
  'shippingAddress.postalCode': '78701',
  billingSame: 'on',
  shippingTypeId: 'two-day',
  orderComments: '',
  giftMessage: 'Happy birthday',
};

describe('readOrderForm', () => {
  it('builds the complete-order body, without a billing address when it is the same as shipping', async () => {
    const result = await readOrderForm(typed, 'fake-valid-visa-nonce');
    expect(result).toEqual({
      ok: true,
      body: expect.objectContaining({
        paymentMethodNonce: 'fake-valid-visa-nonce',
        customer: { email: 'ann@example.com', phone: '512-555-0142' },
        shippingAddress: expect.objectContaining({ city: 'Austin', stateProvince: 'TX', country: 'US', address2: undefined }),
        shippingTypeId: 'two-day',
        giftMessage: 'Happy birthday',
        orderComments: undefined,
      }),
    });
    expect(result.ok && result.body.billingAddress).toBeUndefined();
  });

  it('carries the total the page showed, as cents, so a different total is never charged; a hand-edited one is left out', async () => {
    const shown = await readOrderForm({ ...typed, expectedTotalCents: '12511' }, 'fake-valid-visa-nonce');
    expect(shown.ok && shown.body.expectedTotalCents).toBe(12511);
    // A hand-edited total is left out, as on a page without it: no mistake the page could not show beside a field.
    for (const edited of ['12.5', '-1', 'abc', '']) {
      const tampered = await readOrderForm({ ...typed, expectedTotalCents: edited }, 'fake-valid-visa-nonce');
      expect(tampered.ok).toBe(true);
      expect(tampered.ok && 'expectedTotalCents' in tampered.body).toBe(false);
    }
  });

  it('names each wrong field by its input name, including the billing address when it is its own', async () => {
    const result = await readOrderForm({ ...typed, billingSame: '', 'shippingAddress.postalCode': '787', 'customer.email': 'nope' }, '');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(
      expect.arrayContaining(['paymentMethodNonce', 'customer.email', 'shippingAddress.postalCode', 'billingAddress.firstName', 'billingAddress.city']),
    );
    expect(result.errors['shippingAddress.postalCode']).toBe('must be a ZIP code such as 78701');
  });
});

describe('detailErrors', () => {
  it('names every missing contact and address field of an empty form at once, leaving the card to its own check', async () => {
    const errors = await detailErrors({ idempotencyKey: 'chk-12345678', billingSame: 'on', shippingTypeId: 'two-day' });
    expect(Object.keys(errors).sort()).toEqual(
      [
        'customer.email',
        'customer.phone',
        'shippingAddress.address1',
        'shippingAddress.city',
        'shippingAddress.firstName',
        'shippingAddress.lastName',
        'shippingAddress.postalCode',
        'shippingAddress.stateProvince',
      ].sort(),
    );
  });

  it('is empty when the details are complete, whatever the card', async () => {
    expect(await detailErrors(typed)).toEqual({});
  });
});

describe('form helpers', () => {
  it('keeps what was typed except the nonce', () => {
    const form = new FormData();
    form.set('customer.email', 'a@b.co');
    form.set('paymentMethodNonce', 'secret-ish');
    form.set('intent', 'place-order');
    expect(formValues(form)).toEqual({ 'customer.email': 'a@b.co' });
  });

  it('reads the API field errors', () => {
    expect(fieldErrorsFromApi([{ field: 'shippingTypeId', message: 'is not offered' }, { nope: 1 }])).toEqual({ shippingTypeId: 'is not offered' });
    expect(fieldErrorsFromApi(undefined)).toEqual({});
  });

  it('makes keys the API accepts, a new one each time', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
