import { type PhoneOrderBody, type PhoneOrderQuoteBody, phoneOrderBodySchema } from '@charms/contracts/admin-orders';
import type { Money, ProductDetail } from '@charms/contracts/catalog';
import type { z } from 'zod';
import { shownTotal } from '../../checkout/order-form';

/**
 * The phone-order form as data. Its fields are named by their path in the POST /admin-orders body
 * (`customer.email`, `shippingAddress.city`, `items.2.quantity`), except an item's engraving, which is
 * `items.2.engravingText` and `items.2.engravingFont` (two inputs for one `engraving` object); so the API's field
 * errors land beside the right input through one small mapping (formFieldOf). Pure: the action and the page use it.
 */
export type FieldErrors = Record<string, string>;

/** What an item row needs to know of its product: the metals it is made in (with prices), sizes and engraving. */
export interface ItemProduct {
  id: number;
  name: string;
  kind: 'charm' | 'bracelet';
  path: string;
  imageUrl: string | null;
  offers: { metalId: number; metalName: string; price: Money }[];
  sizes: number[];
  engraving: { maxCharacters: number; fonts: { id: string; name: string }[]; pricePerCharacter: Money } | null;
}

/** One line as typed (text, as the form holds it), with its product once looked up. */
export interface DraftItem {
  /** Stable across edits, so a row keeps what was typed in it when another row is added or removed. */
  key: string;
  productId: string;
  productPath: string;
  metalId: string;
  braceletSize: string;
  quantity: string;
  engravingText: string;
  engravingFont: string;
  product: ItemProduct | null;
}

export interface Draft {
  /** Every field but the items, by name. */
  values: Record<string, string>;
  items: DraftItem[];
}

const ITEM_FIELD = /^items\.(\d+)\.(key|productId|productPath|metalId|braceletSize|quantity|engravingText|engravingFont)$/;
const ADDRESS_FIELDS = ['firstName', 'lastName', 'address1', 'address2', 'city', 'stateProvince', 'postalCode'] as const;

/** The items' field names for the row at `index`. */
export const itemField = (index: number, field: Exclude<keyof DraftItem, 'product'>) => `items.${index}.${field}`;

/** The form's fields as a draft (card data never: the card inputs have no name). */
export function readDraft(form: FormData): Draft {
  const values: Record<string, string> = {};
  const rows = new Map<number, Partial<DraftItem>>();
  for (const [name, value] of form) {
    if (typeof value !== 'string' || name === 'intent' || name === 'csrf' || name === 'paymentMethodNonce') continue;
    const match = ITEM_FIELD.exec(name);
    if (!match) {
      values[name] = value;
      continue;
    }
    const index = Number(match[1]);
    rows.set(index, { ...rows.get(index), [match[2]!]: value });
  }
  const items = [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row]) => ({
      key: row.key || newItemKey(),
      productId: row.productId ?? '',
      productPath: row.productPath ?? '',
      metalId: row.metalId ?? '',
      braceletSize: row.braceletSize ?? '',
      quantity: row.quantity ?? '1',
      engravingText: row.engravingText ?? '',
      engravingFont: row.engravingFont ?? '',
      product: null,
    }))
    .filter((item) => item.productId !== '');
  return { values, items };
}

export function newItemKey(): string {
  return crypto.randomUUID().slice(0, 8);
}

/** A number typed in a field, or the text itself (so the API's schema says what is wrong with it). */
function numberOf(text: string): number | string {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

function itemsBody(items: DraftItem[]) {
  return items.map((item) => ({
    productId: numberOf(item.productId),
    metalId: numberOf(item.metalId),
    ...(item.braceletSize ? { braceletSize: numberOf(item.braceletSize) } : {}),
    quantity: numberOf(item.quantity || '1'),
    ...(item.engravingText.trim() ? { engraving: { text: item.engravingText, font: item.engravingFont } } : {}),
  }));
}

function address(values: Record<string, string>, prefix: string) {
  const result: Record<string, string> = { country: 'US' };
  for (const field of ADDRESS_FIELDS) result[field] = values[`${prefix}.${field}`] ?? '';
  return result;
}

/** What the order has so far that changes its price: for POST /admin-orders/quote (only the state of the address counts). */
export function quoteBody(draft: Draft): PhoneOrderQuoteBody {
  const { values } = draft;
  const state = values['shippingAddress.stateProvince']?.trim();
  return {
    items: itemsBody(draft.items),
    ...(values.charmAssembly === 'on' ? { charmAssembly: true } : {}),
    ...(values.promoCode?.trim() ? { promoCode: values.promoCode.trim() } : {}),
    ...(values.shippingTypeId ? { shippingTypeId: values.shippingTypeId } : {}),
    ...(state ? { shippingAddress: { stateProvince: state } } : {}),
  } as PhoneOrderQuoteBody;
}

/** The order's body, checked with the API's own schema first; mistakes keyed by the form's field names. */
export function readOrder(draft: Draft, paymentMethodNonce: string): { ok: true; body: PhoneOrderBody } | { ok: false; errors: FieldErrors } {
  const { values } = draft;
  // The quote's body has the address's state only: the order's whole address replaces it.
  const { shippingAddress: _stateOnly, ...priced } = quoteBody(draft);
  const candidate: z.input<typeof phoneOrderBodySchema> = {
    ...priced,
    customer: { email: values['customer.email'] ?? '', phone: values['customer.phone'] ?? '' },
    shippingAddress: address(values, 'shippingAddress') as z.input<typeof phoneOrderBodySchema>['shippingAddress'],
    ...(values.billingSame === 'on' ? {} : { billingAddress: address(values, 'billingAddress') as z.input<typeof phoneOrderBodySchema>['shippingAddress'] }),
    payment: values.paymentMethod === 'check' ? { method: 'check' } : { method: 'card', paymentMethodNonce },
    orderComments: values.orderComments ?? '',
    giftMessage: values.giftMessage ?? '',
    idempotencyKey: values.idempotencyKey ?? '',
    // The total on the page when the button was pressed (the last quote): the order is placed only at that total.
    ...shownTotal(values.expectedTotalCents),
  };
  const parsed = phoneOrderBodySchema.safeParse(candidate);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[formFieldOf(issue.path.join('.'))] ??= issue.message;
  return { ok: false, errors };
}

/** The form field an API field error is about: `items.2.engraving.text` is the row's `items.2.engravingText`. */
export function formFieldOf(apiField: string): string {
  const engraving = /^items\.(\d+)\.engraving(?:\.(text|font))?$/.exec(apiField);
  if (engraving) return `items.${engraving[1]}.${engraving[2] === 'font' ? 'engravingFont' : 'engravingText'}`;
  if (apiField === 'payment' || apiField.startsWith('payment.')) return 'payment';
  return apiField;
}

/** The API's 400 details (`[{field, message}]`) as the form's field errors. */
export function fieldErrorsFromApi(details: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!Array.isArray(details)) return errors;
  for (const entry of details) {
    if (entry && typeof entry === 'object' && typeof entry.field === 'string' && typeof entry.message === 'string') errors[formFieldOf(entry.field)] ??= entry.message;
  }
  return errors;
}

const LABELS: Record<string, string> = {
  productId: 'product',
  metalId: 'metal',
  braceletSize: 'bracelet length',
  quantity: 'quantity',
  engravingText: 'engraving',
  engravingFont: 'engraving font',
};

/** An item's mistake in words, for the list above the totals: "Item 2 (Heart Charm), engraving: is too long". */
export function itemErrorInWords(field: string, message: string, items: DraftItem[]): string | null {
  const match = /^items\.(\d+)\.(\w+)$/.exec(field);
  if (!match) return null;
  const index = Number(match[1]);
  const name = items[index]?.product?.name;
  return `Item ${index + 1}${name ? ` (${name})` : ''}, ${LABELS[match[2]!] ?? match[2]}: ${message}`;
}

/** What an item row needs of a product page's answer. */
export function itemProductOf(product: ProductDetail): ItemProduct {
  return {
    id: product.id,
    name: product.name,
    kind: product.kind,
    path: product.path,
    imageUrl: product.images[0]?.url ?? null,
    offers: product.offers.flatMap((offer) => (offer.available && offer.price ? [{ metalId: offer.metal.id, metalName: offer.metal.name, price: offer.price }] : [])),
    sizes: product.sizes,
    engraving: product.engraving ? { maxCharacters: product.engraving.maxCharacters, fonts: product.engraving.fonts, pricePerCharacter: product.engraving.pricePerCharacter } : null,
  };
}

/** A new row for a product just found: in the metal it was found in if offered there, else its first metal. */
export function newItem(product: ItemProduct, preferredMetalId: number | undefined): DraftItem {
  const metal = product.offers.find((offer) => offer.metalId === preferredMetalId) ?? product.offers[0];
  return {
    key: newItemKey(),
    productId: String(product.id),
    productPath: product.path,
    metalId: metal ? String(metal.metalId) : '',
    // Staff must ask the customer's wrist size: no default length for a bracelet.
    braceletSize: '',
    quantity: '1',
    engravingText: '',
    engravingFont: product.engraving?.fonts[0]?.id ?? '',
    product,
  };
}

/** A fresh key for a form that opens: the same key on every submit of that form, so a double submit takes one order. */
export function newIdempotencyKey(): string {
  return `phone-${crypto.randomUUID()}`;
}

/** Fields whose change changes the totals (the rest, a name or a street, never do). */
export function affectsPrice(name: string): boolean {
  return /^items\.\d+\.(metalId|braceletSize|quantity|engravingText|engravingFont)$/.test(name) || ['promoCode', 'shippingTypeId', 'charmAssembly', 'shippingAddress.stateProvince'].includes(name);
}
