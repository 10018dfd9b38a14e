import braintree from 'braintree';
import { describe, expect, it } from 'vitest';
import { createBraintreeGateway } from './braintree-gateway';
import { GatewayRefusedError, GatewayUnavailableError } from './gateway';

/**
 * The Braintree gateway against the official SDK with recorded responses: the SDK's HTTP client is replaced by
 * one that answers with the parsed bodies Braintree's API returns (the SDK's own response handling, result
 * classes and search streams all run). Braintree's servers cannot be reached from here.
 */
type Recorded = Record<string, unknown> | Error;

function sdkWith(responses: Record<string, Recorded>) {
  const sdk = new braintree.BraintreeGateway({
    environment: braintree.Environment.Sandbox,
    merchantId: 'merchant_recorded',
    publicKey: 'public_recorded',
    privateKey: 'private_recorded',
  });
  const requests: { method: string; url: string; body: unknown }[] = [];
  const answer = (method: string) => (url: string, body: unknown, callback?: (error: unknown, response?: unknown) => void) => {
    requests.push({ method, url, body });
    const key = Object.keys(responses).find((suffix) => url.endsWith(suffix));
    const response = key ? responses[key]! : new Error(`no recording for ${url}`);
    if (callback) {
      setImmediate(() => (response instanceof Error ? callback(response) : callback(null, structuredClone(response))));
      return undefined;
    }
    return response instanceof Error ? Promise.reject(response) : Promise.resolve(structuredClone(response));
  };
  const http = (sdk as unknown as { http: Record<string, unknown> }).http;
  http.post = answer('POST');
  http.put = answer('PUT');
  http.get = answer('GET');
  return { sdk, requests };
}

const settings = { merchantId: 'merchant_recorded', publicKey: 'public_recorded', privateKey: 'private_recorded', environment: 'sandbox' as const };

const approved = {
  transaction: {
    id: 'k3dw8p2e',
    status: 'submitted_for_settlement',
    type: 'sale',
    amount: '49.70',
    orderId: 'order-1',
    processorResponseCode: '1000',
    processorResponseText: 'Approved',
    creditCard: { cardType: 'Visa', last4: '1111', bin: '411111', expirationMonth: '12', expirationYear: '2030' },
  },
};

const declined = {
  apiErrorResponse: {
    errors: { errors: [] },
    message: 'Do Not Honor',
    params: { transaction: { type: 'sale', amount: '49.70' } },
    transaction: {
      id: 'r8h2x0k1',
      status: 'processor_declined',
      type: 'sale',
      amount: '49.70',
      processorResponseCode: '2000',
      processorResponseText: 'Do Not Honor',
      creditCard: { cardType: 'Visa', last4: '1115' },
    },
  },
};

const invalidNonce = {
  apiErrorResponse: {
    errors: {
      errors: [],
      transaction: { errors: [{ attribute: 'payment_method_nonce', code: '91565', message: 'Unknown or expired payment_method_nonce.' }] },
    },
    message: 'Unknown or expired payment_method_nonce.',
    params: {},
  },
};

describe('the Braintree gateway (official SDK, recorded responses)', () => {
  it('submits a sale for settlement with the order id and device data, in dollars', async () => {
    const { sdk, requests } = sdkWith({ '/transactions': approved });
    const gateway = createBraintreeGateway(settings, sdk);
    const result = await gateway.sale({ amountCents: 4970, nonce: 'fake-valid-visa-nonce', deviceData: '{"device_session_id":"x"}', orderId: 'order-1' });
    expect(result).toEqual({ outcome: 'approved', transactionId: 'k3dw8p2e', cardDescription: 'Visa ending in 1111' });
    expect(requests[0]!.body).toEqual({
      transaction: {
        amount: '49.70',
        paymentMethodNonce: 'fake-valid-visa-nonce',
        orderId: 'order-1',
        deviceData: '{"device_session_id":"x"}',
        options: { submitForSettlement: true },
        type: 'sale',
      },
    });
  });

  it('reports a processor decline with its code and text', async () => {
    const gateway = createBraintreeGateway(settings, sdkWith({ '/transactions': declined }).sdk);
    expect(await gateway.sale({ amountCents: 4970, nonce: 'fake-processor-declined-visa-nonce', orderId: 'order-2' })).toEqual({
      outcome: 'declined',
      transactionId: 'r8h2x0k1',
      processorResponseCode: '2000',
      processorResponseText: 'Do Not Honor',
    });
  });

  it('reports a validation error (an unknown nonce) as rejected', async () => {
    const gateway = createBraintreeGateway(settings, sdkWith({ '/transactions': invalidNonce }).sdk);
    expect(await gateway.sale({ amountCents: 4970, nonce: 'bogus', orderId: 'order-3' })).toEqual({
      outcome: 'rejected',
      code: '91565',
      message: 'Unknown or expired payment_method_nonce.',
    });
  });

  it('turns a network failure into "gateway unavailable"', async () => {
    const gateway = createBraintreeGateway(settings, sdkWith({ '/transactions': new Error('ETIMEDOUT') }).sdk);
    await expect(gateway.sale({ amountCents: 4970, nonce: 'fake-valid-visa-nonce', orderId: 'order-4' })).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it('generates a client token', async () => {
    const gateway = createBraintreeGateway(settings, sdkWith({ '/client_token': { clientToken: { value: 'eyJ2ZXJzaW9uIjoyfQ==' } } }).sdk);
    expect(await gateway.clientToken()).toBe('eyJ2ZXJzaW9uIjoyfQ==');
    expect(gateway.environment).toBe('sandbox');
  });

  it('finds the charge made for an order through the transaction search', async () => {
    const { sdk, requests } = sdkWith({
      '/transactions/advanced_search_ids': { searchResults: { ids: ['k3dw8p2e'], pageSize: 50 } },
      '/transactions/advanced_search': { creditCardTransactions: { transaction: [approved.transaction] } },
    });
    const gateway = createBraintreeGateway(settings, sdk);
    expect(await gateway.findByOrderId('order-1')).toEqual({ transactionId: 'k3dw8p2e', status: 'submitted_for_settlement' });
    expect(requests[0]!.body).toMatchObject({ search: { orderId: { is: 'order-1' } } });
  });

  it('voids and refunds, and says when Braintree refuses', async () => {
    const voided = { transaction: { ...approved.transaction, status: 'voided' } };
    const gateway = createBraintreeGateway(settings, sdkWith({ '/void': voided, '/refund': { transaction: { id: 'rf1', type: 'credit', status: 'submitted_for_settlement' } } }).sdk);
    await expect(gateway.void('k3dw8p2e')).resolves.toBeUndefined();
    await expect(gateway.refund('k3dw8p2e', 1000)).resolves.toEqual({ refundTransactionId: 'rf1' });
    const refusing = createBraintreeGateway(
      settings,
      sdkWith({ '/void': { apiErrorResponse: { errors: { errors: [] }, message: 'Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.', params: {} } } }).sdk,
    );
    await expect(refusing.void('settled1')).rejects.toThrow(/can only be voided/);
  });

  it('refuses with the typed error and Braintree\'s code: not voidable once settled, not refundable before, too large', async () => {
    const error = (code: string, message: string) => ({
      apiErrorResponse: { errors: { errors: [], transaction: { errors: [{ attribute: 'base', code, message }] } }, message, params: {} },
    });
    const voidRefused = createBraintreeGateway(
      settings,
      sdkWith({ '/void': error('91504', 'Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.') }).sdk,
    );
    await expect(voidRefused.void('settled1')).rejects.toMatchObject({ code: '91504' });
    await expect(voidRefused.void('settled1')).rejects.toBeInstanceOf(GatewayRefusedError);
    const notSettled = createBraintreeGateway(settings, sdkWith({ '/refund': error('91506', 'Cannot refund transaction unless it is settled.') }).sdk);
    await expect(notSettled.refund('k3dw8p2e', 100)).rejects.toMatchObject({ code: '91506', message: 'Cannot refund transaction unless it is settled.' });
    const tooLarge = createBraintreeGateway(settings, sdkWith({ '/refund': error('91521', 'Refund amount is too large.') }).sdk);
    await expect(tooLarge.refund('k3dw8p2e', 99_999)).rejects.toMatchObject({ code: '91521' });
  });

  it('reads a charge: its status, amount and what its refunds gave back', async () => {
    const { sdk, requests } = sdkWith({
      '/transactions/k3dw8p2e': { transaction: { ...approved.transaction, status: 'settled', refundIds: ['rf1', 'rf2'] } },
      '/transactions/rf1': { transaction: { id: 'rf1', type: 'credit', status: 'submitted_for_settlement', amount: '10.00' } },
      '/transactions/rf2': { transaction: { id: 'rf2', type: 'credit', status: 'voided', amount: '5.00' } },
    });
    const gateway = createBraintreeGateway(settings, sdk);
    expect(await gateway.transaction('k3dw8p2e')).toEqual({ transactionId: 'k3dw8p2e', status: 'settled', amountCents: 4970, refundedCents: 1000 });
    expect(requests.map((request) => `${request.method} ${request.url.replace(/^.*\/transactions/, '/transactions')}`)).toEqual([
      'GET /transactions/k3dw8p2e',
      'GET /transactions/rf1',
      'GET /transactions/rf2',
    ]);
  });

  it('answers null for a transaction Braintree does not know, and "unavailable" when it cannot be asked', async () => {
    const notFound = Object.assign(new Error('Not Found'), { type: 'notFoundError', name: 'notFoundError' });
    expect(await createBraintreeGateway(settings, sdkWith({ '/transactions/nope1234': notFound }).sdk).transaction('nope1234')).toBeNull();
    const down = createBraintreeGateway(settings, sdkWith({ '/transactions/k3dw8p2e': new Error('ECONNRESET') }).sdk);
    await expect(down.transaction('k3dw8p2e')).rejects.toBeInstanceOf(GatewayUnavailableError);
  });
});
