import { ORDER_STATUSES } from '@charms/domain/order-status';
import { SHIPPING_TYPE_IDS, STATE_PROVINCES } from '@charms/domain/shipping';
import { z } from 'zod';
import { bagTotalsSchema } from './bag';
import { moneySchema } from './catalog';
import { dataLayerEventSchema } from './envelope';
import { fieldMessage } from './messages';
import { safeText } from './text';

const stateCodes = STATE_PROVINCES.map((state) => state.code);
const text = (max: number, what = 'is required') => safeText({ message: what }).trim().min(1, { message: what }).max(max, { message: `must be at most ${max} characters` });
const optionalText = (max: number, lines = false) => safeText({ lines }).trim().max(max, { message: `must be at most ${max} characters` }).optional().transform((value) => value || undefined);
const phone = safeText({ message: 'is required' })
  .trim()
  .regex(/^[0-9+()\-. ]{7,25}$/, { message: 'must be a phone number, e.g. 512-555-0142' })
  .refine((value) => value.replace(/\D/g, '').length >= 7, { message: 'must have at least 7 digits' });

export const addressSchema = z.strictObject({
  firstName: text(60),
  lastName: text(60),
  address1: text(100),
  address2: optionalText(100),
  city: text(60),
  stateProvince: safeText({ message: 'is required' })
    .trim()
    .toUpperCase()
    .refine((code) => stateCodes.includes(code), { message: 'must be a US state, DC, territory or military code (for Canada choose AK)' }),
  postalCode: safeText({ message: 'is required' }).trim().regex(/^\d{5}(-\d{4})?$/, { message: 'must be a ZIP code such as 78701' }),
  country: z.enum(['US'], fieldMessage('must be US (for Canada choose Alaska and write your address in the order comments)')),
  phone: phone.optional(),
});

/** An address as orders show it (no input transforms: response schemas must encode as they are). */
export const addressViewSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  address1: z.string(),
  address2: z.string().optional(),
  city: z.string(),
  stateProvince: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string().optional(),
});
export type Address = z.infer<typeof addressViewSchema>;

/** POST /shopping-cart/complete-order. Prices, quantities and totals are never taken from here. */
export const completeOrderBodySchema = z.strictObject({
  paymentMethodNonce: safeText({ message: 'is required: enter your card' }).min(1, { message: 'is required: enter your card' }).max(200, { message: 'is too long' }),
  deviceData: safeText().max(4000, { message: 'is too long' }).optional(),
  idempotencyKey: safeText({ message: 'is required' }).regex(/^[A-Za-z0-9_-]{8,100}$/, { message: 'must be 8-100 letters, digits, - or _' }),
  customer: z.strictObject({ email: z.email({ message: 'must be an email address' }).max(254), phone }),
  shippingAddress: addressSchema,
  billingAddress: addressSchema.optional(),
  shippingTypeId: z.enum(SHIPPING_TYPE_IDS, fieldMessage(`must be one of ${SHIPPING_TYPE_IDS.join(', ')}`)),
  orderComments: optionalText(1000, true),
  giftMessage: optionalText(300, true),
  expectedTotalCents: z
    .number(fieldMessage('must be a number of cents'))
    .int({ message: 'must be a whole number of cents' })
    .min(0, { message: 'must not be negative' })
    .max(Number.MAX_SAFE_INTEGER, { message: 'is too large' })
    .optional()
    .describe('The total the shopper was shown, in cents: when the order comes to another amount, nothing is charged (409 TOTAL_CHANGED)'),
});
export type CompleteOrderBody = z.infer<typeof completeOrderBodySchema>;


export const orderLineSchema = z.object({
  kind: z.enum(['product', 'additional_characters', 'charm_assembly']),
  name: z.string(),
  description: z.string(),
  braceletSize: z.number().nullable(),
  quantity: z.number().int(),
  unitPrice: moneySchema,
  lineTotal: moneySchema,
  /** `font` is the font's name as shown ("Script"); `fontId` its id, for the preview's style ("script"). */
  engraving: z.object({ text: z.string(), font: z.string(), fontId: z.string() }).nullable(),
  isPhotoArt: z.boolean(),
  /** A PhotoArt line's photo: uploaded with the order (`attached`) or still to be emailed; null on other lines. */
  photo: z.enum(['attached', 'to_be_emailed']).nullable(),
});

export const orderSchema = z
  .object({
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    placedAt: z.string(),
    email: z.string(),
    phone: z.string(),
    shippingAddress: addressViewSchema,
    billingAddress: addressViewSchema,
    shippingType: z.object({ id: z.string(), name: z.string() }),
    orderComments: z.string().nullable(),
    giftMessage: z.string().nullable(),
    lines: z.array(orderLineSchema),
    totals: bagTotalsSchema,
    promoCode: z.string().nullable(),
    estimatedShipDate: z.string(),
    card: z.string().nullable(),
    hasPhotoArt: z.boolean(),
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    /** The carrier's tracking page for the parcel, once the order has shipped. */
    trackingUrl: z.string().nullable(),
    /** A link that opens the confirmation without the session (for the email). */
    signedPath: z.string(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

export const completeOrderResponseSchema = z.object({ order: orderSchema, dataLayers: z.array(dataLayerEventSchema) }).meta({ id: 'PlacedOrder' });
export type CompleteOrderResponse = z.infer<typeof completeOrderResponseSchema>;

export const orderParamsSchema = z.object({ number: z.string().regex(/^CB-\d{6,9}$/, { message: 'must be an order number such as CB-100042' }) });
export const orderQuerySchema = z.object({ token: safeText().max(200, { message: 'is too long' }).optional() });
/** GET /orders/{number}: the order, and the purchase event the first time its page asks. */
export const orderResponseSchema = z.object({ order: orderSchema, dataLayers: z.array(dataLayerEventSchema) }).meta({ id: 'OrderView' });

/** The card form asks for its token with an empty JSON object, or no body at all. */
export const clientTokenBodySchema = z.strictObject({}).nullish();
export const clientTokenResponseSchema = z.object({
  clientToken: z.string(),
  environment: z.enum(['test', 'sandbox', 'production']),
});
export type ClientTokenResponse = z.infer<typeof clientTokenResponseSchema>;
export type OrderResponse = z.infer<typeof orderResponseSchema>;
