import { describe, expect, it, vi } from 'vitest';
import { type BraintreeWeb, type HostedFieldsInstance, createHostedCardForm } from './braintree-hosted-fields';

function fakeBraintree(tokenize: HostedFieldsInstance['tokenize']) {
  const instance: HostedFieldsInstance = { tokenize: vi.fn(tokenize), teardown: vi.fn(async () => {}) };
  const braintree: BraintreeWeb = {
    client: { create: vi.fn(async () => ({ fake: 'client' })) },
    hostedFields: { create: vi.fn(async () => instance) },
  };
  return { braintree, instance };
}

const containers = () => ({ number: document.createElement('div'), expiry: document.createElement('div'), cvv: document.createElement('div') });

describe('Braintree Hosted Fields adapter', () => {
  it('creates the client with the token and the three fields in our containers', async () => {
    const { braintree } = fakeBraintree(async () => ({ nonce: 'n', details: {} }));
    const boxes = containers();
    await createHostedCardForm(braintree, { authorization: 'client-token', containers: boxes });
    expect(braintree.client.create).toHaveBeenCalledWith({ authorization: 'client-token' });
    expect(braintree.hostedFields.create).toHaveBeenCalledWith(
      expect.objectContaining({
        client: { fake: 'client' },
        fields: {
          number: expect.objectContaining({ container: boxes.number }),
          expirationDate: expect.objectContaining({ container: boxes.expiry }),
          cvv: expect.objectContaining({ container: boxes.cvv }),
        },
      }),
    );
  });

  it('turns the tokenized card into a nonce with its brand and last four digits', async () => {
    const { braintree } = fakeBraintree(async () => ({ nonce: 'tokencc_abc', details: { cardType: 'Visa', lastFour: '1111' } }));
    const form = await createHostedCardForm(braintree, { authorization: 't', containers: containers() });
    await expect(form.tokenize()).resolves.toEqual({ ok: true, nonce: 'tokencc_abc', brand: 'Visa', lastFour: '1111' });
  });

  it('shows invalid fields beside our fields', async () => {
    const { braintree } = fakeBraintree(async () => {
      throw Object.assign(new Error('invalid'), { code: 'HOSTED_FIELDS_FIELDS_INVALID', details: { invalidFieldKeys: ['number', 'cvv'] } });
    });
    const form = await createHostedCardForm(braintree, { authorization: 't', containers: containers() });
    await expect(form.tokenize()).resolves.toEqual({ ok: false, errors: { number: 'Check the card number', cvv: 'Check the security code (CVV)' } });
  });

  it('asks for every field when they are empty, and reports other failures at the card number', async () => {
    let code = 'HOSTED_FIELDS_FIELDS_EMPTY';
    const { braintree, instance } = fakeBraintree(async () => {
      throw Object.assign(new Error('x'), { code });
    });
    const form = await createHostedCardForm(braintree, { authorization: 't', containers: containers() });
    await expect(form.tokenize()).resolves.toMatchObject({ ok: false, errors: { number: 'Enter the card number', expiry: expect.any(String), cvv: expect.any(String) } });
    code = 'HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE';
    await expect(form.tokenize()).resolves.toEqual({ ok: false, errors: { number: expect.stringMatching(/could not read the card/) } });
    await form.teardown();
    expect(instance.teardown).toHaveBeenCalledOnce();
  });
});
