import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Address, Order } from '@charms/contracts/checkout';
import type { BagLineKind, BagTotals } from '@charms/domain/bag';
import { engravingFontName } from '@charms/domain/engraving';
import { trackingUrl } from '@charms/domain/tracking';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { type OrderRow, orders } from '../db/schema';
import { money } from './catalog-presenters';

/** A confirmation link that works without the shopper's session: the order number signed with ORDER_LINK_SECRET. */
export function orderToken(number: string, secret: string): string {
  return createHmac('sha256', secret).update(`order:${number}`).digest('base64url').slice(0, 32);
}

export function isValidOrderToken(number: string, token: string, secret: string): boolean {
  const expected = Buffer.from(orderToken(number, secret));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface OrderLineView {
  kind: BagLineKind;
  name: string;
  description: string;
  braceletSize: number | null;
  quantity: number;
  unitCents: number;
  lineCents: number;
  engravingText: string | null;
  engravingFont: string | null;
  isPhotoArt: boolean;
  /** A photo was uploaded for this line (PhotoArt). */
  hasPhoto: boolean;
}

export async function findOrder(db: Db, by: { number: string } | { id: string }): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where('number' in by ? eq(orders.number, by.number) : eq(orders.id, by.id));
  return row;
}

/** The order as the shopper sees it on the confirmation page and in the email, read from the database. */
export async function orderView(db: Db, order: OrderRow, secret: string): Promise<Order> {
  return presentOrder(order, await readOrderLines(db, order.id), secret);
}

export async function readOrderLines(db: Db, orderId: string): Promise<OrderLineView[]> {
  return queryRows<OrderLineView>(
    db,
    sql`select kind, name, description, bracelet_size as "braceletSize", quantity, unit_cents as "unitCents", line_cents as "lineCents",
               engraving_text as "engravingText", engraving_font as "engravingFont", is_photo_art as "isPhotoArt",
               exists (select 1 from photo_art_uploads u where u.order_line_id = order_lines.id) as "hasPhoto"
        from order_lines where order_id = ${orderId} order by position`,
  );
}

/** The order as the shopper sees it, from its row and its lines (in order). */
export function presentOrder(order: OrderRow, lines: OrderLineView[], secret: string): Order {
  return {
    number: order.number,
    status: order.status,
    placedAt: order.createdAt.toISOString(),
    email: order.email,
    phone: order.phone,
    shippingAddress: order.shippingAddress as Address,
    billingAddress: order.billingAddress as Address,
    shippingType: { id: order.shippingTypeId, name: order.shippingTypeName },
    orderComments: order.orderComments,
    giftMessage: order.giftMessage,
    lines: lines.map(presentOrderLine),
    totals: presentTotals(order),
    promoCode: order.promoCode,
    estimatedShipDate: order.estimatedShipDate,
    card: order.cardDescription,
    hasPhotoArt: lines.some((line) => line.isPhotoArt),
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
    signedPath: `/order/confirmation/${order.number}?token=${orderToken(order.number, secret)}`,
  };
}

/** An order's totals (or a bag's, priced for an order) as the shopper sees them. */
export function presentTotals(totals: BagTotals): Order['totals'] {
  return {
    merchandise: money(totals.merchandiseCents),
    engraving: money(totals.engravingCents),
    assembly: money(totals.assemblyCents),
    discount: money(totals.discountCents),
    shipping: money(totals.shippingCents),
    total: money(totals.totalCents),
  };
}

/** An order's line as the shopper sees it. */
export function presentOrderLine(line: OrderLineView): Order['lines'][number] {
  return {
    kind: line.kind,
    name: line.name,
    description: line.description,
    braceletSize: line.braceletSize,
    quantity: line.quantity,
    unitPrice: money(line.unitCents),
    lineTotal: money(line.lineCents),
    engraving:
      line.engravingText === null
        ? null
        : { text: line.engravingText, font: engravingFontName(line.engravingFont ?? ''), fontId: line.engravingFont ?? '' },
    isPhotoArt: line.isPhotoArt,
    photo: line.isPhotoArt ? (line.hasPhoto ? 'attached' : 'to_be_emailed') : null,
  };
}

/** GA4 purchase, with the order's lines. */
export function purchaseEvent(order: Order) {
  return {
    event: 'purchase',
    ecommerce: {
      transaction_id: order.number,
      currency: 'USD',
      value: order.totals.total.cents / 100,
      shipping: order.totals.shipping.cents / 100,
      ...(order.promoCode ? { coupon: order.promoCode } : {}),
      items: order.lines
        .filter((line) => line.kind === 'product')
        .map((line) => ({ item_name: line.name, item_variant: line.description, price: line.unitPrice.cents / 100, quantity: line.quantity })),
    },
  };
}
