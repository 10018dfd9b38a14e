import type { CompleteOrderBody } from '@charms/contracts/checkout';

/**
 * The checkout form's fields are named by their path in the complete-order body (`shippingAddress.city`), so the
 * API's field errors land beside the right input with no mapping table. Pure: used by the route's action.
 */
export const ADDRESS_FIELDS = ['firstName', 'lastName', 'address1', 'address2', 'city', 'stateProvince', 'postalCode'] as const;
export type FieldErrors = Record<string, string>;

/** What the shopper typed, to show again after an error (never card data: the card inputs have no name). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === 'string' && name !== 'paymentMethodNonce' && name !== 'intent') values[name] = value;
  }
  return values;
}

function address(values: Record<string, string>, prefix: string) {
  const result: Record<string, string> = { country: 'US' };
  for (const field of ADDRESS_FIELDS) result[field] = values[`${prefix}.${field}`] ?? '';
  return result;
}

/**
 * The API's own schema of the complete-order body, loaded when it is first needed. Building zod schemas is work: the
 * checkout's contracts cost a phone about 25 ms of its main thread (100 ms in Lighthouse's emulation) when the page
 * evaluated them as it hydrated (decision 0053). The checkout asks for it as soon as the shopper starts on the form
 * (`preloadOrderSchema`), so it is ready long before the order is placed.
 */
type OrderSchema = (typeof import('@charms/contracts/checkout'))['completeOrderBodySchema'];
let orderSchema: Promise<OrderSchema> | undefined;
export function preloadOrderSchema(): Promise<OrderSchema> {
  // A file that failed to load stays failed on this page (browsers remember a module that did not load, so asking
  // again would not fetch it): the checkout then leaves the details to the server's check, as without JavaScript.
  orderSchema ??= import('@charms/contracts/checkout').then((contracts) => contracts.completeOrderBodySchema);
  return orderSchema;
}

/**
 * The page's total (its hidden `expectedTotalCents`) for the order's body. It is the page's own field, never typed:
 * one that is not a whole number of cents (only a hand-edited form sends that) is left out, as a page without it
 * would be, rather than answered with a mistake no field on the page shows.
 */
export function shownTotal(text: string | undefined): { expectedTotalCents?: number } {
  return text && /^\d{1,15}$/.test(text) ? { expectedTotalCents: Number(text) } : {};
}

/** The complete-order body, validated with the API's own schema; field errors keyed by field name. */
export async function readOrderForm(values: Record<string, string>, paymentMethodNonce: string): Promise<{ ok: true; body: CompleteOrderBody } | { ok: false; errors: FieldErrors }> {
  const candidate = {
    paymentMethodNonce,
    idempotencyKey: values.idempotencyKey ?? '',
    customer: { email: values['customer.email'] ?? '', phone: values['customer.phone'] ?? '' },
    shippingAddress: address(values, 'shippingAddress'),
    ...(values.billingSame === 'on' ? {} : { billingAddress: address(values, 'billingAddress') }),
    shippingTypeId: values.shippingTypeId ?? '',
    orderComments: values.orderComments ?? '',
    giftMessage: values.giftMessage ?? '',
    // The total the page showed: the API charges nothing when the order would come to another one.
    ...shownTotal(values.expectedTotalCents),
  };
  const parsed = (await preloadOrderSchema()).safeParse(candidate);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * Every mistake in the typed details (contact, addresses, shipping), the card aside: the browser checks these
 * together with the card before anything is sent, so the shopper sees all that needs fixing in one go.
 */
export async function detailErrors(values: Record<string, string>): Promise<FieldErrors> {
  const result = await readOrderForm(values, '');
  if (result.ok) return {};
  const { paymentMethodNonce: _card, ...errors } = result.errors;
  return errors;
}

/** The API's 400 details (`[{field, message}]`) as field errors. */
export function fieldErrorsFromApi(details: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!Array.isArray(details)) return errors;
  for (const entry of details) {
    if (entry && typeof entry === 'object' && typeof entry.field === 'string' && typeof entry.message === 'string') errors[entry.field] ??= entry.message;
  }
  return errors;
}

/** A new key per payment attempt: letters, digits and dashes, as the API asks. */
export function newIdempotencyKey(): string {
  return `chk-${crypto.randomUUID()}`;
}
