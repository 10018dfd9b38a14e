import type { CardErrors, CardField } from './test-tokenizer';

/**
 * Card payments through Braintree (sandbox or production): Hosted Fields put the card inputs in Braintree's iframes,
 * so the card never reaches this page's code or our server; we get a nonce. Only the few calls used are typed here
 * (braintree-web 3.x: `client.create`, `hostedFields.create`, `tokenize`, `teardown`).
 */
export interface BraintreeClientModule {
  create(options: { authorization: string }): Promise<unknown>;
}

export interface HostedFieldsInstance {
  tokenize(): Promise<{ nonce: string; details: { cardType?: string; lastFour?: string } }>;
  teardown(): Promise<void>;
}

type HostedFieldName = 'number' | 'expirationDate' | 'cvv';

export interface HostedFieldsModule {
  create(options: {
    client: unknown;
    styles?: Record<string, Record<string, string>>;
    fields: Record<HostedFieldName, { container: HTMLElement | string; placeholder?: string }>;
  }): Promise<HostedFieldsInstance>;
}

export interface BraintreeWeb {
  client: BraintreeClientModule;
  hostedFields: HostedFieldsModule;
}

export type CardTokenizeResult = { ok: true; nonce: string; brand: string; lastFour: string } | { ok: false; errors: CardErrors };

export interface CardTokenizer {
  tokenize(): Promise<CardTokenizeResult>;
  teardown(): Promise<void>;
}

/** Loaded on demand in the browser only (never in the server bundle's code path, never before checkout). */
export async function loadBraintreeWeb(): Promise<BraintreeWeb> {
  const [client, hostedFields] = await Promise.all([import('braintree-web/client'), import('braintree-web/hosted-fields')]);
  return { client: client.default, hostedFields: hostedFields.default };
}

const FIELD_OF: Record<string, CardField> = { number: 'number', expirationDate: 'expiry', cvv: 'cvv' };
const MESSAGES: Record<CardField, string> = { number: 'Check the card number', expiry: 'Check the expiry date (MM/YY)', cvv: 'Check the security code (CVV)' };

/** Braintree's tokenize errors as messages beside our fields. */
export function cardErrorsFrom(error: unknown): CardErrors {
  const { code, details } = (error ?? {}) as { code?: string; details?: { invalidFieldKeys?: string[] } };
  if (code === 'HOSTED_FIELDS_FIELDS_EMPTY') return { number: 'Enter the card number', expiry: 'Enter the expiry date (MM/YY)', cvv: 'Enter the security code (CVV)' };
  if (code === 'HOSTED_FIELDS_FIELDS_INVALID' && details?.invalidFieldKeys) {
    const errors: CardErrors = {};
    for (const key of details.invalidFieldKeys) {
      const field = FIELD_OF[key];
      if (field) errors[field] = MESSAGES[field];
    }
    return errors;
  }
  return { number: 'We could not read the card. Please check it and try again.' };
}

/** Sets up Hosted Fields in the three containers and returns a tokenizer with the same answers as test mode. */
export async function createHostedCardForm(
  braintree: BraintreeWeb,
  options: { authorization: string; containers: Record<CardField, HTMLElement> },
): Promise<CardTokenizer> {
  const client = await braintree.client.create({ authorization: options.authorization });
  const fields = await braintree.hostedFields.create({
    client,
    styles: { input: { 'font-size': '16px', color: '#2b2622' }, '.invalid': { color: '#a3261b' } },
    fields: {
      number: { container: options.containers.number, placeholder: '4111 1111 1111 1111' },
      expirationDate: { container: options.containers.expiry, placeholder: 'MM/YY' },
      cvv: { container: options.containers.cvv, placeholder: '123' },
    },
  });
  return {
    async tokenize() {
      try {
        const payload = await fields.tokenize();
        return { ok: true, nonce: payload.nonce, brand: payload.details.cardType ?? 'Card', lastFour: payload.details.lastFour ?? '' };
      } catch (error) {
        return { ok: false, errors: cardErrorsFrom(error) };
      }
    },
    teardown: () => fields.teardown(),
  };
}
