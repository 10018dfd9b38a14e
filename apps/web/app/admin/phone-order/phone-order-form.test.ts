import { describe, expect, it } from 'vitest';
import { type DraftItem, affectsPrice, fieldErrorsFromApi, formFieldOf, itemErrorInWords, quoteBody, readDraft, readOrder } from './phone-order-form';

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const customer = {
  'customer.email': 'ann@example.com',
  'customer.phone': '512-555-0142',
  'shippingAddress.firstName': 'Ann',
  'shippingAddress.lastName': 'Lee',
  'shippingAddress.address1': '100 Congress Ave',
  'shippingAddress.city': 'Austin',
  'shippingAddress.stateProvince': 'TX',
  'shippingAddress.postalCode': '78701',
  billingSame: 'on',
  idempotencyKey: 'phone-1234567890',
};

const item = (index: number, fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([name, value]) => [`items.${index}.${name}`, value]));

describe('the phone-order form as data', () => {
  it('reads the rows in their order, whatever order the fields come in, and leaves out the token and the button', () => {
    const draft = readDraft(
      formOf({
        csrf: 'token',
        intent: 'totals',
        ...item(1, { key: 'b', productId: '12', productPath: '/p/12', metalId: '40', quantity: '2' }),
        ...item(0, { key: 'a', productId: '7', productPath: '/p/7', metalId: '10', engravingText: 'Ann', engravingFont: 'script' }),
        promoCode: 'WELCOME10',
      }),
    );
    expect(draft.items.map((row) => [row.key, row.productId, row.quantity, row.engravingText])).toEqual([
      ['a', '7', '1', 'Ann'],
      ['b', '12', '2', ''],
    ]);
    expect(draft.values).toEqual({ promoCode: 'WELCOME10' });
  });

  it('quotes the items with numbers, an engraving only when there is text, and only the state of the address', () => {
    const draft = readDraft(
      formOf({
        ...customer,
        ...item(0, { key: 'a', productId: '7', productPath: '/p/7', metalId: '10', quantity: '3', engravingText: 'Grace', engravingFont: 'block' }),
        ...item(1, { key: 'b', productId: '9', productPath: '/p/9', metalId: '40', braceletSize: '7.5', quantity: '1', engravingText: '  ', engravingFont: 'block' }),
        charmAssembly: 'on',
        shippingTypeId: 'two-day',
      }),
    );
    expect(quoteBody(draft)).toEqual({
      items: [
        { productId: 7, metalId: 10, quantity: 3, engraving: { text: 'Grace', font: 'block' } },
        { productId: 9, metalId: 40, braceletSize: 7.5, quantity: 1 },
      ],
      charmAssembly: true,
      shippingTypeId: 'two-day',
      shippingAddress: { stateProvince: 'TX' },
    });
  });

  it('builds the order with the API schema: card with its nonce, or check', () => {
    const fields = { ...customer, ...item(0, { key: 'a', productId: '7', productPath: '/p/7', metalId: '10', quantity: '1' }) };
    const card = readOrder(readDraft(formOf({ ...fields, paymentMethod: 'card' })), 'fake-valid-visa-nonce');
    expect(card.ok && card.body.payment).toEqual({ method: 'card', paymentMethodNonce: 'fake-valid-visa-nonce' });
    expect(card.ok && card.body.idempotencyKey).toBe('phone-1234567890');
    const check = readOrder(readDraft(formOf({ ...fields, paymentMethod: 'check' })), '');
    expect(check.ok && check.body.payment).toEqual({ method: 'check' });
    expect(check.ok && check.body.billingAddress).toBeUndefined();
    expect(check.ok && !('expectedTotalCents' in check.body)).toBe(true);
  });

  it('places the order at the total on the page (the last quote); a hand-edited total that is not cents is left out', () => {
    const fields = { ...customer, ...item(0, { key: 'a', productId: '7', productPath: '/p/7', metalId: '10', quantity: '1' }), paymentMethod: 'check' };
    const quoted = readOrder(readDraft(formOf({ ...fields, expectedTotalCents: '4995' })), '');
    expect(quoted.ok && quoted.body.expectedTotalCents).toBe(4995);
    for (const edited of ['49.95', '-1', 'abc', '1e3', '99999999999999999']) {
      const order = readOrder(readDraft(formOf({ ...fields, expectedTotalCents: edited })), '');
      expect(order.ok).toBe(true);
      expect(order.ok && 'expectedTotalCents' in order.body).toBe(false);
    }
  });

  it('names each mistake by the field it belongs to: a card without a nonce is the payment, a bad quantity its row', () => {
    const result = readOrder(
      readDraft(formOf({ ...customer, 'customer.email': 'not an email', paymentMethod: 'card', ...item(0, { key: 'a', productId: '7', productPath: '/p/7', metalId: '10', quantity: '0' }) })),
      '',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({ 'customer.email': 'must be an email address', 'items.0.quantity': 'must be at least 1', payment: expect.any(String) });
  });

  it('maps the API’s field errors to the form’s inputs: an engraving’s text and font, the payment', () => {
    expect(formFieldOf('items.2.engraving.text')).toBe('items.2.engravingText');
    expect(formFieldOf('items.2.engraving.font')).toBe('items.2.engravingFont');
    expect(formFieldOf('items.0.engraving')).toBe('items.0.engravingText');
    expect(formFieldOf('payment.paymentMethodNonce')).toBe('payment');
    expect(formFieldOf('shippingAddress.postalCode')).toBe('shippingAddress.postalCode');
    expect(
      fieldErrorsFromApi([
        { field: 'items.1.engraving.text', message: 'is too long' },
        { field: 'items.1.braceletSize', message: 'is required for a bracelet' },
        { nonsense: true },
      ]),
    ).toEqual({ 'items.1.engravingText': 'is too long', 'items.1.braceletSize': 'is required for a bracelet' });
  });

  it('says an item’s mistake in words, with the item’s place and name', () => {
    const items = [{ product: { name: 'Heart Charm' } }, { product: { name: 'Dog Charm' } }] as DraftItem[];
    expect(itemErrorInWords('items.1.engravingText', 'is too long', items)).toBe('Item 2 (Dog Charm), engraving: is too long');
    expect(itemErrorInWords('promoCode', 'is too long', items)).toBeNull();
  });

  it('asks for new totals only when a field that changes the price changes', () => {
    expect(['items.0.quantity', 'items.3.engravingText', 'items.1.metalId', 'promoCode', 'shippingTypeId', 'charmAssembly', 'shippingAddress.stateProvince'].every(affectsPrice)).toBe(true);
    expect(['customer.email', 'shippingAddress.city', 'orderComments', 'search', 'items.0.key'].some(affectsPrice)).toBe(false);
  });
});
