import { afterEach, describe, expect, it } from 'vitest';
import { detailsOf, forgetDetails, keepDetails, keptFields, readKeptDetails } from './kept-details';

afterEach(() => window.sessionStorage.clear());

describe('the checkout details kept in the tab', () => {
  it('keeps contact, addresses, the billing choice and notes, and nothing else', () => {
    expect(
      keptFields({
        'customer.email': 'ann@example.com',
        'shippingAddress.city': 'Austin',
        'billingAddress.firstName': 'Bea',
        billingSame: '',
        giftMessage: 'Hi',
        orderComments: 'Ring twice',
        idempotencyKey: 'chk-1',
        paymentMethodNonce: 'fake-valid-nonce',
        cardNumber: '4111111111111111',
        'shippingAddress.zip': 42,
      }),
    ).toEqual({ 'customer.email': 'ann@example.com', 'shippingAddress.city': 'Austin', 'billingAddress.firstName': 'Bea', billingSame: '', giftMessage: 'Hi', orderComments: 'Ring twice' });
  });

  it('reads the form without the card, whose inputs have no name', () => {
    document.body.innerHTML = `<form>
      <input name="customer.email" value="ann@example.com"><input name="idempotencyKey" value="chk-1">
      <input type="checkbox" name="billingSame"><input id="card-number" value="4111 1111 1111 1111"><input name="paymentMethodNonce" value="n">
    </form>`;
    const details = detailsOf(document.querySelector('form')!);
    expect(details).toEqual({ 'customer.email': 'ann@example.com', billingSame: '' });
    expect(JSON.stringify(details)).not.toContain('4111');
  });

  it('writes them to sessionStorage, reads them back, and forgets them', () => {
    keepDetails({ 'customer.email': 'ann@example.com' });
    expect(window.localStorage.length).toBe(0);
    expect(readKeptDetails()).toEqual({ 'customer.email': 'ann@example.com' });
    forgetDetails();
    expect(readKeptDetails()).toBeNull();
  });

  it('ignores what it did not write', () => {
    window.sessionStorage.setItem('checkout-details', '{not json');
    expect(readKeptDetails()).toBeNull();
    window.sessionStorage.setItem('checkout-details', JSON.stringify(['a']));
    expect(readKeptDetails()).toBeNull();
    window.sessionStorage.setItem('checkout-details', JSON.stringify({ 'customer.email': 'x'.repeat(5000), 'customer.phone': '512' }));
    expect(readKeptDetails()).toEqual({ 'customer.phone': '512' });
  });
});
