import { MAX_LINE_QUANTITY } from '@charms/domain/bag';
import { SHIPPING_TYPE_IDS } from '@charms/domain/shipping';
import { z } from 'zod';
import { metalSummarySchema, moneySchema, productSummarySchema } from './catalog';
import { dataLayerEventSchema } from './envelope';
import { fieldMessage } from './messages';
import { braceletSizeSchema, metalIdSchema, productIdSchema } from './session';
import { digitsText, safeText } from './text';

export const quantitySchema = z
  .number(fieldMessage('must be a number'))
  .int({ message: 'must be a whole number' })
  .min(1, { message: 'must be at least 1' })
  .max(MAX_LINE_QUANTITY, { message: `must be at most ${MAX_LINE_QUANTITY}` });

/**
 * POST /shopping-cart/items. A field the call does not take (a price, a total) is refused: the server looks
 * every price up, and a caller that sends one should learn that it is not used.
 */
export const addItemBodySchema = z.strictObject({
  productId: productIdSchema,
  metalId: metalIdSchema,
  braceletSize: braceletSizeSchema.optional(),
  quantity: quantitySchema.default(1),
  engraving: z
    .strictObject({
      text: safeText().max(200, { message: 'is too long' }),
      font: safeText({ message: 'must be one of the fonts' }).max(40, { message: 'is not a font we offer' }),
    })
    .optional(),
});
export type AddItemBody = z.infer<typeof addItemBodySchema>;

export const itemParamsSchema = z.object({ itemUuid: z.uuid(fieldMessage('must be a bag line id')) });
export const itemSpecificParamsSchema = itemParamsSchema.extend({ itemSpecificUuid: z.uuid(fieldMessage('must be an engraving id')) });
export const quantityParamsSchema = itemParamsSchema.extend({
  quantity: digitsText().pipe(quantitySchema),
});
export const promoParamsSchema = z.object({ code: safeText().min(1, { message: 'is required' }).max(64, { message: 'is too long' }) });
export const includeSuggestedQuerySchema = z.object({
  includeSuggestedItems: z.enum(['true', 'false'], fieldMessage('must be true or false')).optional(),
  // The original storefront also sends userSessionId=null in the query; the header is what counts.
  userSessionId: safeText().max(64, { message: 'is too long' }).optional(),
});

export const itemSpecificSchema = z.object({
  itemSpecificUuid: z.uuid(),
  name: z.literal('engraving'),
  text: z.string(),
  font: z.string(),
  fontName: z.string(),
});

export const bagItemSchema = z
  .object({
    itemUuid: z.uuid(),
    quantity: z.number().int(),
    isAdditionalCharacters: z.boolean(),
    isCharmAssembly: z.boolean(),
    itemSpecifics: z.array(itemSpecificSchema),
    /** For an additional-characters line: the engraved line it charges for. */
    parentItemUuid: z.uuid().nullable(),
    description: z.string(),
    product: z
      .object({ id: z.number().int(), name: z.string(), path: z.string(), imageUrl: z.string(), kind: z.enum(['charm', 'bracelet']), isPhotoArt: z.boolean() })
      .nullable(),
    metal: metalSummarySchema.nullable(),
    braceletSize: z.number().nullable(),
    unitPrice: moneySchema,
    lineTotal: moneySchema,
    /** A PhotoArt line's uploaded photo (GET /shopping-cart/items/{itemUuid}/photo shows it to this session); else null. */
    photo: z.object({ uploadedAt: z.string() }).nullable(),
  })
  .meta({ id: 'BagItem' });
export type BagItem = z.infer<typeof bagItemSchema>;

export const bagTotalsSchema = z.object({
  merchandise: moneySchema,
  engraving: moneySchema,
  assembly: moneySchema,
  discount: moneySchema,
  shipping: moneySchema,
  total: moneySchema,
});

export const stateProvinceSchema = z.object({ code: z.string(), name: z.string() });

export const tempOrderSchema = z.object({
  tempOrderItems: z.array(bagItemSchema),
  /** Charms and bracelets, by quantity; engraving and assembly lines are not counted. */
  itemCount: z.number().int(),
  promoCode: z
    .object({
      code: z.string(),
      description: z.string(),
      applied: z.boolean().describe('false when the bag no longer qualifies (e.g. below the minimum)'),
      message: z.string().nullable(),
    })
    .nullable(),
  shipToStateProvince: z.string().nullable(),
  shippingTypeId: z.enum(SHIPPING_TYPE_IDS),
  orderComments: z.string().nullable(),
  email: z.string().nullable(),
  totals: bagTotalsSchema,
  estimatedShipDate: z.string().nullable().describe('YYYY-MM-DD, Central time; null for an empty bag'),
  sameDayCutoffMinutes: z.number().int().nullable().describe('Minutes left to order for same-day engraving and shipping; null past the cutoff, on a day the store does not ship, or when the bag holds an item made to order or assembly (it cannot ship today)'),
});

export const bagResponseSchema = z
  .object({
    stateProvinces: z.array(stateProvinceSchema),
    suggestAddOnAssembly: z.boolean(),
    suggestedItems: z.array(productSummarySchema),
    tempOrder: tempOrderSchema,
    dataLayers: z.array(dataLayerEventSchema),
  })
  .meta({ id: 'Bag' });
export type BagResponse = z.infer<typeof bagResponseSchema>;

/**
 * What POST /shopping-cart/items answers: the line the product went into, its quantity now, the bag's item count
 * (as the header shows it) and the add_to_cart event. Not the whole bag: the product page needs only these, and
 * the bag page reads the bag anyway (decision 0016).
 */
export const addItemResponseSchema = z
  .object({
    itemUuid: z.uuid().describe('The line added, or grown when the same unengraved product was already in the bag'),
    quantity: z.number().int().describe("That line's quantity now"),
    itemCount: z.number().int().describe('Charms and bracelets in the bag, counted by quantity (the header count)'),
    dataLayers: z.array(dataLayerEventSchema),
  })
  .meta({ id: 'AddedItem' });
export type AddItemResponse = z.infer<typeof addItemResponseSchema>;

/** POST /shopping-cart/save: what checkout will need, kept with the bag. */
export const saveBagBodySchema = z.strictObject({
  shipToStateProvince: safeText({ message: 'must be a state code such as TX' }).max(2, { message: 'must be a state code such as TX' }).nullable().optional(),
  shippingTypeId: z.enum(SHIPPING_TYPE_IDS, fieldMessage(`must be one of ${SHIPPING_TYPE_IDS.join(', ')}`)).optional(),
  orderComments: safeText({ lines: true }).max(1000, { message: 'must be at most 1,000 characters' }).nullable().optional(),
  email: z.email({ message: 'must be an email address' }).max(254).nullable().optional(),
});
export type SaveBagBody = z.infer<typeof saveBagBodySchema>;

export const shippingTypesQuerySchema = z.object({
  shipToStateProvince: safeText({ message: 'must be a state code such as TX' }).min(2, { message: 'must be a state code such as TX' }).max(2, { message: 'must be a state code such as TX' }),
  orderAmount: z
    .string()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, { message: 'must be an amount such as 42.50' })
    .optional()
    .describe('Accepted for compatibility: shipping is free with no minimum, so rates do not depend on it'),
});

export const shippingTypeSchema = z.object({
  id: z.enum(SHIPPING_TYPE_IDS),
  name: z.string(),
  price: moneySchema,
  transitDays: z.object({ min: z.number().int(), max: z.number().int() }),
  shipDate: z.string(),
  deliveryDate: z.object({ earliest: z.string(), latest: z.string() }),
});

export const shippingTypesResponseSchema = z
  .object({
    stateProvince: stateProvinceSchema,
    shippingTypes: z.array(shippingTypeSchema),
    notes: z.array(z.string()),
  })
  .meta({ id: 'ShippingTypes' });
export type ShippingTypesResponse = z.infer<typeof shippingTypesResponseSchema>;
