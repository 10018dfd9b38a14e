import { randomUUID } from 'node:crypto';
import type { CompleteOrderBody, CompleteOrderResponse } from '@charms/contracts/checkout';
import { type BagTotals, MAX_ORDER_CENTS, bagTotals, orderTooLarge } from '@charms/domain/bag';
import { formatCents } from '@charms/domain/money';
import type { PromotionVerdict } from '@charms/domain/promotions';
import { estimateShipDate } from '@charms/domain/ship-dates';
import { ASSEMBLY_DAYS, SHIPPING_TYPES, type ShippingTypeId, type StateProvince, findStateProvince, offersShippingType, shippingTypeName } from '@charms/domain/shipping';
import { type StoreSettings, shipCalendarOf } from '@charms/domain/store-settings';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { queryRows, runPrepared } from '../db/query';
import { orders, paymentAttempts, type OrderRow, type PromotionRow, staffAccounts } from '../db/schema';
import { renderOrderConfirmation, type StoreDetails } from '../email/order-confirmation';
import { HttpError, invalidFields } from '../http-error';
import { GatewayUnavailableError, type PaymentGateway, SANDBOX_NONCES, declineMessage } from '../payments/gateway';
import { unknownSession } from './bag-changes';
import { type Actor, recordAudit } from '../staff/audit';
import { type LoadedBag, type PricedBagLine, bagPromotionVerdict, bagTiming, loadBag, loadCart } from './bag-read';
import { type OrderLineView, findOrder, orderView, presentOrder, readOrderLines } from './order-view';
import { attachPhotoArtUploads } from './photo-art-uploads';

/**
 * Placing an order: validate, price everything again from the database, charge once, then record the order,
 * count the promotion, empty the bag and queue the confirmation email in one transaction.
 *
 * Charging once: the order row (pending_payment, unique per session and idempotency key) is written and the bag
 * marked as being checked out BEFORE the card is charged, under the bag's row lock. A second click, a retry or a
 * parallel call finds that order and waits for it, or is told an order is in progress; it never charges again.
 */
export interface CheckoutContext {
  db: Db;
  gateway: PaymentGateway;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The store settings as they were when the request began: prices, ship-date calendar. */
  settings: StoreSettings;
  /** The store's details for the order's emails (from the same settings). */
  store: StoreDetails;
  linkSecret: string;
  /** Called after an order is paid, or placed to be paid by check (to send its email right away). */
  onPaid?: () => void;
  /** Runs a charge under the shopper's attempt limits (429 RATE_LIMITED when over them); none for the job or staff. */
  limitCharge?: <T>(run: () => Promise<T>) => Promise<T>;
  /**
   * The staff member taking the order by phone: the order is recorded as a phone order placed by them, with an
   * `order.placed` audit row (their name and address) in the transaction that records it as placed.
   */
  placedBy?: Actor & { id: string };
}

/**
 * How long a payment may stay unfinished before it counts as interrupted (its process died, or lost the database)
 * and is settled by asking the gateway. Three times what a charge may take (Braintree's SDK gives up after 60 s), so a
 * charge is not still under way when its order is settled. Should one be, settling is still safe: a charge recorded
 * after its order was released is voided (charge() and settleWithGateway()).
 */
export const INTERRUPTED_AFTER_MS = 180_000;

/** The order was released (as interrupted) before its charge could be recorded: the charge must be voided. */
class OrderReleasedError extends Error {
  constructor(number: string) {
    super(`order ${number} was released before its charge was recorded`);
  }
}

/** How long a retry waits for a charge under way before answering with where the order stands. */
const RETRY_WAIT_MS = 600;

const orderInProgress = (order?: OrderRow) =>
  new HttpError(
    409,
    'ORDER_IN_PROGRESS',
    'Your order is already being placed in another window. Please wait a moment, then check your email or your bag.',
    order ? { orderNumber: order.number, status: order.status } : undefined,
  );

async function respond(context: CheckoutContext, order: OrderRow, lines?: OrderLineView[]): Promise<CompleteOrderResponse> {
  const view = lines ? presentOrder(order, lines, context.linkSecret) : await orderView(context.db, order, context.linkSecret);
  return { order: view, dataLayers: [] };
}

export async function completeOrder(context: CheckoutContext, sessionId: string, body: CompleteOrderBody): Promise<CompleteOrderResponse> {
  const { db } = context;
  // In one read: this checkout's order when it is a replay, and an unfinished checkout of this bag (another
  // window, or one whose answer was lost). An unknown session has neither, and is refused with the bag below.
  const [found] = await queryRows<{ previousId: string | null; blockingId: string | null }>(
    db,
    sql`select (select id from orders where session_id = ${sessionId} and idempotency_key = ${body.idempotencyKey}) as "previousId",
               (select checkout_order_id from carts where session_id = ${sessionId}) as "blockingId"`,
    { prepared: true },
  );

  // A replay of the same checkout answers with its order.
  const previous = found?.previousId ? await findOrder(db, { id: found.previousId }) : undefined;
  if (previous) {
    const settled = await settle(context, previous);
    if (settled) return respond(context, settled);
  }

  // An unfinished checkout of this bag is resolved first.
  const blocking = found?.blockingId && found.blockingId !== previous?.id ? await findOrder(db, { id: found.blockingId }) : undefined;
  if (blocking) {
    const age = context.now().getTime() - blocking.createdAt.getTime();
    if (blocking.status === 'pending_payment' && age < INTERRUPTED_AFTER_MS) throw orderInProgress();
    const settled = await settle(context, blocking);
    if (settled) {
      throw new HttpError(409, 'ORDER_ALREADY_PLACED', `Your order ${settled.number} was already placed: check your email for the confirmation.`, {
        orderNumber: settled.number,
      });
    }
  }

  const order = await reserveOrder(context, sessionId, body, 'card');
  if (order.kind === 'existing') {
    const settled = await settle(context, order.order);
    if (settled) return respond(context, settled);
    throw orderInProgress();
  }
  // (A card order is never placed by its reservation alone: it is charged next.)
  if (order.kind === 'placed') return respond(context, order.order, order.lines);
  return charge(context, order, body);
}

/** What a check order needs: the checkout's details, without a card. */
export type CheckOrderBody = Omit<CompleteOrderBody, 'paymentMethodNonce' | 'deviceData'>;

/**
 * Places a phone order paid by check: the same reservation as a card checkout (the bag priced again under its
 * lock), recorded at once as awaiting_payment with no charge; the promotion is counted, the bag emptied and the
 * confirmation (saying where to send the check) queued in the same transaction. The same idempotency key answers
 * with the same order.
 */
export async function placeCheckOrder(context: CheckoutContext, sessionId: string, body: CheckOrderBody): Promise<CompleteOrderResponse> {
  const [previous] = await context.db.select().from(orders).where(and(eq(orders.sessionId, sessionId), eq(orders.idempotencyKey, body.idempotencyKey)));
  const reserved = previous ? ({ kind: 'existing', order: previous } as const) : await reserveOrder(context, sessionId, { ...body, paymentMethodNonce: '' }, 'check');
  if (reserved.kind === 'placed') {
    context.onPaid?.();
    return respond(context, reserved.order, reserved.lines);
  }
  // A replay, possibly of a card order taken with the same key: answered as that order stands.
  const settled = await settle(context, reserved.order);
  if (settled) return respond(context, settled);
  throw orderInProgress();
}

/**
 * Resolves an order that is not known to be paid, for a retry: waits a moment for one being charged right now
 * (then answers that it is in progress, with its number), asks the gateway about one whose answer was lost or
 * whose charge was interrupted. Returns the order when it is paid; undefined when it was never charged (and is gone).
 */
async function settle(context: CheckoutContext, order: OrderRow): Promise<OrderRow | undefined> {
  if (order.status !== 'pending_payment' && order.status !== 'payment_unknown') return order;
  if (order.status === 'pending_payment' && context.now().getTime() - order.createdAt.getTime() < INTERRUPTED_AFTER_MS) {
    // Another request is charging this order: wait briefly for its outcome, never for the whole charge.
    for (let waited = 0; waited < RETRY_WAIT_MS; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const current = await findOrder(context.db, { id: order.id });
      if (!current) return undefined;
      if (current.status !== 'pending_payment') return current.status === 'payment_unknown' ? settle(context, current) : current;
    }
    throw orderInProgress(order);
  }
  try {
    return await settleWithGateway(context, order);
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    context.log.error({ err: error, order: order.number }, 'payment outcome still unknown');
    throw paymentUnconfirmed();
  }
}

/**
 * Settles an unfinished order by what the gateway knows: charged, the order is completed as paid (one email);
 * not charged, the order is removed and its bag freed. The one way both a retry and the reconciliation job do it.
 * Throws GatewayUnavailableError when the gateway cannot be asked: nothing changes then.
 */
export async function settleWithGateway(context: CheckoutContext, order: OrderRow): Promise<OrderRow | undefined> {
  const found = await context.gateway.findByOrderId(order.id);
  if (found) {
    try {
      return (await finalizePaid(context, order, { transactionId: found.transactionId, card: order.cardDescription, message: 'charge found at the gateway' })).order;
    } catch (error) {
      if (!(error instanceof OrderReleasedError)) throw error;
      // Another settler released the order a moment ago: keep no charge without an order.
      await context.gateway.void(found.transactionId);
      await context.db.execute(
        sql`update payment_attempts set status = 'voided', transaction_id = ${found.transactionId}, message = 'voided: order released before its charge was recorded', updated_at = now() where order_id = ${order.id}`,
      );
      context.log.warn({ order: order.number }, 'charge found for a released order; voided');
      return undefined;
    }
  }
  await abandon(context.db, order, { status: 'failed', message: 'unfinished; no charge found at the gateway' });
  return undefined;
}

const paymentUnconfirmed = () =>
  new HttpError(
    503,
    'PAYMENT_UNCONFIRMED',
    'We could not confirm whether your card was charged. Please do not place the order again: try this button again in a few minutes, and we will never charge you twice.',
  );

/** A new order, with its lines as the shopper will see them and the payment attempt started for it. */
interface NewOrder {
  kind: 'new';
  order: OrderRow;
  lines: OrderLineView[];
  attemptId: string;
}
type Reserved = NewOrder | { kind: 'existing'; order: OrderRow } | { kind: 'placed'; order: OrderRow; lines: OrderLineView[] };

/** An order line as it is written, before it has an id and a position. */
export type PricedOrderLine = OrderLineView & { productId: number | null; metalId: number | null };

/** How the bag's lines are kept on an order: priced as the bag prices them, named as the shopper saw them. */
function orderLinesOf(lines: PricedBagLine[]): PricedOrderLine[] {
  return lines.map((line) => ({
    kind: line.kind,
    productId: line.productId,
    name: line.item.product?.name ?? (line.kind === 'charm_assembly' ? 'Charm bracelet assembly' : 'Engraving'),
    description: line.item.description,
    metalId: line.metalId,
    braceletSize: line.item.braceletSize,
    quantity: line.quantity,
    unitCents: line.unitCents,
    lineCents: line.unitCents * line.quantity,
    engravingText: line.item.itemSpecifics[0]?.text ?? null,
    engravingFont: line.item.itemSpecifics[0]?.font ?? null,
    isPhotoArt: line.item.product?.isPhotoArt ?? false,
    hasPhoto: line.item.photo !== null,
  }));
}

export interface OrderPrice {
  lines: PricedOrderLine[];
  totals: BagTotals;
  shippingType: { id: ShippingTypeId; name: string };
  verdict: PromotionVerdict | undefined;
  /** The bag's promotion when it applies. */
  promotion: PromotionRow | undefined;
  estimatedShipDate: string;
}

/**
 * What an order of this bag costs, shipped this way (to this state, when known: the shipping type must be offered
 * there for this bag's lead times): the one pricing of placing an order and of a phone order's quote.
 */
export function priceOrder(
  bag: LoadedBag,
  now: Date,
  settings: StoreSettings,
  shipping: { state?: StateProvince | undefined; shippingTypeId: ShippingTypeId },
): OrderPrice {
  const { lines } = bag;
  const shippingType = { id: shipping.shippingTypeId, name: shippingTypeName(shipping.shippingTypeId, settings.shippingPrices) };
  const timing = bagTiming(lines);
  const { state } = shipping;
  if (state && !offersShippingType(state, shippingType.id)) {
    throw invalidFields([{ field: 'shippingTypeId', message: `is not offered to ${state.name}` }]);
  }
  const verdict = bagPromotionVerdict(bag, now);
  return {
    lines: orderLinesOf(lines),
    totals: bagTotals(lines, verdict?.ok ? verdict.discountCents : 0, settings.shippingPrices[shippingType.id]),
    shippingType,
    verdict,
    promotion: verdict?.ok ? bag.promotion : undefined,
    estimatedShipDate: estimateShipDate(now, shipCalendarOf(settings), { leadTimeDays: timing.leadTimeDays, assemblyDays: timing.hasAssembly ? ASSEMBLY_DAYS : 0 }),
  };
}

/**
 * Prices the bag from the database and writes the order, holding the bag's lock: as pending_payment for a card
 * (charged next), or placed at once as awaiting_payment for a check.
 */
async function reserveOrder(context: CheckoutContext, sessionId: string, body: CompleteOrderBody, paymentMethod: 'card' | 'check'): Promise<Reserved> {
  const { db, placedBy } = context;
  const now = context.now();
  const state = findStateProvince(body.shippingAddress.stateProvince)!;
  const byCheck = paymentMethod === 'check';
  const fixtureNonce = byCheck || body.paymentMethodNonce in SANDBOX_NONCES;

  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Lock the bag first; read it in the next statement, which sees every change committed before the lock.
    const cart = await loadCart(tx, sessionId, { lock: true });
    if (cart?.checkoutOrderId) {
      const current = await findOrder(tx, { id: cart.checkoutOrderId });
      if (current && current.sessionId === sessionId && current.idempotencyKey === body.idempotencyKey) return { kind: 'existing', order: current };
      throw orderInProgress();
    }
    const bag = await loadBag(tx, sessionId, context.settings);
    if (!bag) throw unknownSession();
    const { lines } = bag;
    if (!cart || lines.length === 0) {
      // Emptied by this same checkout, paid while this call waited for the bag: answer with that order.
      const [placed] = await tx.select().from(orders).where(and(eq(orders.sessionId, sessionId), eq(orders.idempotencyKey, body.idempotencyKey)));
      if (placed) return { kind: 'existing', order: placed };
      throw new HttpError(400, 'BAG_EMPTY', 'Your bag is empty. Add a charm or a bracelet first.');
    }
    const unavailable = lines.find((line) => !line.orderable);
    if (unavailable) {
      throw new HttpError(409, 'BAG_CHANGED', unavailable.unorderableReason ?? 'An item in your bag is no longer available. Please remove it from your bag.');
    }
    let priced = priceOrder(bag, now, context.settings, { state, shippingTypeId: body.shippingTypeId });
    if (orderTooLarge(priced.totals)) {
      throw new HttpError(
        400,
        'ORDER_TOO_LARGE',
        `We take orders of up to ${formatCents(MAX_ORDER_CENTS)} online, and this one comes to ${formatCents(priced.totals.totalCents + priced.totals.discountCents)} before any discount. ${placedBy ? 'Please split it into smaller orders.' : `Please call us at ${context.settings.phone} to place it, or take some items out of your bag.`}`,
      );
    }
    if (priced.promotion && !(await takePromotionUse(tx, priced.promotion.id))) {
      // Its last use went to another order after this bag was read, or staff limited its uses meanwhile (the bag read
      // it unlimited): priced as a bag whose code is used up, so the order holds no code and gives no use back.
      priced = priceOrder({ ...bag, promotion: { ...priced.promotion, maxUses: 0, timesUsed: 0 } }, now, context.settings, { state, shippingTypeId: body.shippingTypeId });
    }
    const { shippingType, totals, promotion } = priced;
    // The shopper agreed to the total they were shown: another one (a code that ran out or ended, a price changed,
    // another shipping type) is shown to them before anything is charged. Throwing here gives the code's use back.
    if (body.expectedTotalCents !== undefined && body.expectedTotalCents !== totals.totalCents) {
      throw new HttpError(
        409,
        'TOTAL_CHANGED',
        placedBy
          ? `The order now comes to ${formatCents(totals.totalCents)}, not the ${formatCents(body.expectedTotalCents)} quoted. ${totalChangeReason(priced)}Nothing was charged: tell the customer the new total, then place the order again.`
          : `Your order's total is now ${formatCents(totals.totalCents)}, not the ${formatCents(body.expectedTotalCents)} you were shown. ${totalChangeReason(priced)}Nothing was charged: please check the total and place your order again.`,
        { total: { cents: totals.totalCents, display: formatCents(totals.totalCents) } },
      );
    }
    if (!fixtureNonce) {
      const [used] = await queryRows<{ id: string }>(tx, sql`select id from orders where payment_nonce = ${body.paymentMethodNonce} limit 1`);
      if (used) throw new HttpError(400, 'PAYMENT_METHOD_USED', 'This card authorization was already used for an order. Please enter your card again.');
    }

    const id = randomUUID();
    const [order] = await runPrepared(
      tx
        .insert(orders)
        .values({
          id,
          number: sql`'CB-' || nextval('order_number_seq')`,
          sessionId,
          idempotencyKey: body.idempotencyKey,
          status: byCheck ? 'awaiting_payment' : 'pending_payment',
          source: placedBy ? 'phone' : 'web',
          placedByStaffId: placedBy?.id ?? null,
          paymentMethod,
          email: body.customer.email,
          phone: body.customer.phone,
          shippingAddress: body.shippingAddress,
          billingAddress: body.billingAddress ?? body.shippingAddress,
          shippingTypeId: shippingType.id,
          shippingTypeName: shippingType.name,
          orderComments: body.orderComments ?? null,
          giftMessage: body.giftMessage ?? null,
          merchandiseCents: totals.merchandiseCents,
          engravingCents: totals.engravingCents,
          assemblyCents: totals.assemblyCents,
          discountCents: totals.discountCents,
          shippingCents: totals.shippingCents,
          totalCents: totals.totalCents,
          promotionId: promotion?.id ?? null,
          promoCode: promotion?.code ?? null,
          estimatedShipDate: priced.estimatedShipDate,
          // A check order has no card: no gateway and no nonce (an empty nonce is never a card's).
          paymentGateway: byCheck ? 'none' : context.gateway.name,
          paymentNonce: byCheck ? '' : body.paymentMethodNonce,
        })
        .returning(),
    );
    const orderLines = priced.lines.map((line, position) => ({ id: randomUUID(), position, ...line }));
    // The lines, the bag marked as being checked out, and the payment attempt about to start (none for a check):
    // one statement.
    const attemptId = randomUUID();
    const attempt = byCheck
      ? sql`select 1`
      : sql`insert into payment_attempts (id, order_id, order_number, session_id, gateway, amount_cents, status)
          values (${attemptId}, ${id}, ${order!.number}, ${sessionId}, ${context.gateway.name}, ${order!.totalCents}, 'started')`;
    await queryRows(
      tx,
      sql`with written_lines as (
            insert into order_lines (id, order_id, position, kind, product_id, name, description, metal_id, bracelet_size, quantity,
                                     unit_cents, line_cents, engraving_text, engraving_font, is_photo_art)
            select l.id, ${id}, l.position, l.kind, l."productId", l.name, l.description, l."metalId", l."braceletSize", l.quantity,
                   l."unitCents", l."lineCents", l."engravingText", l."engravingFont", l."isPhotoArt"
            from json_to_recordset(${JSON.stringify(orderLines)}::json) as l(id uuid, position smallint, kind text, "productId" integer,
                 name text, description text, "metalId" smallint, "braceletSize" double precision, quantity integer, "unitCents" integer,
                 "lineCents" integer, "engravingText" text, "engravingFont" text, "isPhotoArt" boolean)
          ),
          marked as (update carts set checkout_order_id = ${id} where id = ${cart.id})
          ${attempt}`,
      { prepared: true },
    );
    // The bag lines' PhotoArt photos go with their order lines (priced.lines follow the bag's lines one for one).
    await attachPhotoArtUploads(
      tx,
      lines.flatMap((line, index) => (line.item.photo ? [{ cartItemId: line.item.itemUuid, orderLineId: orderLines[index]!.id }] : [])),
    );
    if (byCheck) {
      await closeOrder(tx, context, sql`select id, promotion_id, session_id from orders where id = ${id}`, order!, orderLines);
      return { kind: 'placed', order: order!, lines: orderLines };
    }
    return { kind: 'new', order: order!, lines: orderLines, attemptId };
  });
}

/** Why an order's total may differ from the one shown, when the pricing knows (its code no longer applies), as a sentence. */
function totalChangeReason(priced: OrderPrice): string {
  return priced.verdict && !priced.verdict.ok ? `${priced.verdict.message} ` : '';
}

/**
 * Counts one use of a promotion for an order being placed, unless its uses are all taken: true when counted. The row's
 * lock makes concurrent checkouts take uses one at a time, each seeing the count the last one left, so a code
 * limited to N uses discounts at most N orders. An order removed before it is paid gives its use back (abandon).
 */
async function takePromotionUse(tx: Db, promotionId: number): Promise<boolean> {
  const taken = await queryRows<{ id: number }>(
    tx,
    sql`update promotions set times_used = times_used + 1 where id = ${promotionId} and (max_uses is null or times_used < max_uses) returning id`,
  );
  return taken.length === 1;
}

type AttemptStatus = 'succeeded' | 'declined' | 'failed' | 'voided' | 'needs_reconciliation';
type AttemptEnd = { transactionId?: string | null; code?: string; message?: string };

/** Records how a payment attempt ended. */
async function endAttempt(db: Db, attemptId: string, status: AttemptStatus, details: AttemptEnd = {}) {
  await db
    .update(paymentAttempts)
    .set({
      status,
      transactionId: details.transactionId ?? null,
      processorResponseCode: details.code ?? null,
      message: details.message ?? null,
      updatedAt: sql`now()`,
    })
    .where(eq(paymentAttempts.id, attemptId));
}

async function charge(context: CheckoutContext, reserved: NewOrder, body: CompleteOrderBody): Promise<CompleteOrderResponse> {
  if (!context.limitCharge || reserved.order.totalCents === 0) return chargeNow(context, reserved, body);
  try {
    return await context.limitCharge(() => chargeNow(context, reserved, body));
  } catch (error) {
    // Refused before the card was tried: the order is released and the bag freed, as for a decline.
    if (error instanceof HttpError && error.code === 'RATE_LIMITED') await abandon(context.db, reserved.order, { status: 'failed', message: 'too many attempts' });
    throw error;
  }
}

async function chargeNow(context: CheckoutContext, reserved: NewOrder, body: CompleteOrderBody): Promise<CompleteOrderResponse> {
  const { db, gateway, log } = context;
  const { order, lines, attemptId } = reserved;
  const update = (status: AttemptStatus, details?: AttemptEnd) => endAttempt(db, attemptId, status, details);
  const paid = async (payment: { transactionId: string | null; card: string | null; message?: string }) => {
    const result = await finalizePaid(context, order, payment, lines);
    return respond(context, result.order, result.lines);
  };
  if (order.totalCents === 0) return paid({ transactionId: null, card: null, message: 'nothing to charge' });
  // The charge to record: the sale's answer, or the transaction found after the answer was lost.
  let charged: { transactionId: string; card: string | null; message?: string };
  let result;
  try {
    result = await gateway.sale({ amountCents: order.totalCents, nonce: body.paymentMethodNonce, deviceData: body.deviceData, orderId: order.id });
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    // The charge may or may not have happened: ask the gateway before anything else.
    log.warn({ err: error, order: order.number }, 'payment gateway did not answer; checking for the charge');
    let found: { transactionId: string } | null;
    try {
      found = await gateway.findByOrderId(order.id);
    } catch (lookupError) {
      log.error({ err: lookupError, order: order.number }, 'payment outcome unknown; recording it for reconciliation');
      await update('needs_reconciliation', { message: 'gateway did not answer the sale or the lookup' });
      await db.update(orders).set({ status: 'payment_unknown' }).where(eq(orders.id, order.id));
      throw paymentUnconfirmed();
    }
    if (!found) {
      await abandon(db, order, { status: 'failed', message: 'gateway did not answer; no charge was made' });
      throw new HttpError(503, 'PAYMENT_UNAVAILABLE', 'We could not reach the card processor, and your card was not charged. Please try again in a minute.');
    }
    charged = { transactionId: found.transactionId, card: null, message: 'found after a lost answer' };
  }

  if (result?.outcome === 'declined') {
    await abandon(db, order, { status: 'declined', transactionId: result.transactionId, code: result.processorResponseCode, message: result.processorResponseText });
    throw new HttpError(402, 'PAYMENT_DECLINED', declineMessage(result.processorResponseCode), { processorResponseCode: result.processorResponseCode });
  }
  if (result?.outcome === 'rejected') {
    await abandon(db, order, { status: 'failed', code: result.code, message: result.message });
    throw new HttpError(400, 'PAYMENT_METHOD_INVALID', 'We could not use those card details. Please enter your card again.', { gatewayCode: result.code });
  }
  if (result) charged = { transactionId: result.transactionId, card: result.cardDescription };

  try {
    return await paid(charged!);
  } catch (error) {
    // Charged, but the order could not be recorded: cancel the charge rather than keep money without an order.
    log.error({ err: error, order: order.number }, 'order not recorded after a successful charge; voiding it');
    const voided = await gateway.void(charged!.transactionId).then(
      () => true,
      (voidError: unknown) => {
        log.error({ err: voidError, order: order.number }, 'void failed');
        return false;
      },
    );
    // Each log line says what was recorded only once it was. Whatever could not be recorded (the database is
    // down) is left unfinished, and the reconciliation job settles it by asking the gateway once it is back.
    try {
      if (voided) {
        await abandon(db, order, { status: 'voided', transactionId: charged!.transactionId, message: 'voided: order not recorded' });
        // The order may be gone already (released as interrupted while the charge was under way): the attempt says voided.
        await update('voided', { transactionId: charged!.transactionId, message: 'voided: order not recorded' });
      } else {
        await update('needs_reconciliation', { transactionId: charged!.transactionId, message: 'charged, order not recorded, void failed' });
        log.error({ order: order.number }, 'charge recorded for reconciliation');
      }
    } catch (recordError) {
      log.error({ err: recordError, order: order.number, voided }, 'payment outcome not recorded; the reconciliation job will settle it with the gateway');
    }
    if (!voided) throw paymentUnconfirmed();
    throw new HttpError(503, 'ORDER_NOT_SAVED', 'We could not save your order, so we cancelled the charge on your card. Please try again.');
  }
}

/**
 * Marks the order paid, ends its payment attempt, records the promotion's use, empties the bag and queues the
 * confirmation: one statement, so all or nothing (with a phone order's audit row, one transaction). Rendering the
 * email needs the order's lines: the caller passes those it just wrote, or they are read. An order already paid by
 * someone else is returned as it is.
 */
async function finalizePaid(
  context: CheckoutContext,
  order: OrderRow,
  payment: { transactionId: string | null; card: string | null; message?: string },
  knownLines?: OrderLineView[],
): Promise<{ order: OrderRow; lines?: OrderLineView[] }> {
  const { db } = context;
  const lines = knownLines ?? (await readOrderLines(db, order.id));
  const paidAt = new Date();
  const paidOrder: OrderRow = { ...order, status: 'paid', paidAt, paymentTransactionId: payment.transactionId, cardDescription: payment.card };
  const placed = sql`update orders set status = 'paid', paid_at = ${paidAt.toISOString()}::timestamptz, payment_transaction_id = ${payment.transactionId}::text,
                 card_description = ${payment.card}::text
          where id = ${order.id} and status in ('pending_payment', 'payment_unknown')
          returning id, promotion_id, session_id`;
  // The order's attempt succeeded, whoever marks the order paid (the request, a retry or the reconciliation job).
  const attempt = sql`attempt as (
          update payment_attempts set status = 'succeeded', transaction_id = ${payment.transactionId}::text, message = ${payment.message ?? null}::text,
                 updated_at = now()
          where order_id = (select id from placed) and status in ('started', 'needs_reconciliation')
        ),`;
  const close = (on: Db) => closeOrder(on, context, placed, paidOrder, lines, attempt);
  const count = order.source === 'phone' ? await db.transaction((tx) => close(tx as unknown as Db)) : await close(db);
  if (count !== 1) {
    const current = await findOrder(db, { id: order.id });
    // Released meanwhile (its payment counted as interrupted): the caller must not keep this charge.
    if (!current) throw new OrderReleasedError(order.number);
    return { order: current };
  }
  context.onPaid?.();
  return { order: paidOrder, lines };
}

/**
 * Closes a placed order (`placed`: a statement returning its id, promotion_id and session_id, or nothing): records
 * its promotion's use by its session (takePromotionUse counted the use when the order was written), empties its bag
 * and queues its confirmation, in one statement; a phone order gets its `order.placed` audit row too (`on` must then
 * be a transaction). Returns how many orders it closed (0 or 1).
 */
async function closeOrder(on: Db, context: CheckoutContext, placed: SQL, order: OrderRow, lines: OrderLineView[], more = sql``): Promise<number> {
  const email = renderOrderConfirmation(presentOrder(order, lines, context.linkSecret), context.store);
  const [row] = await queryRows<{ placed: number }>(
    on,
    sql`with placed as (${placed}),
        ${more}
        used as (insert into promotion_uses (promotion_id, session_id) select promotion_id, session_id from placed where promotion_id is not null),
        bag as (select id from carts where session_id = ${order.sessionId} and checkout_order_id = ${order.id} and exists (select 1 from placed)),
        emptied as (delete from cart_items where cart_id in (select id from bag)),
        freed as (update carts set checkout_order_id = null, promotion_id = null, order_comments = null where id in (select id from bag)),
        queued as (
          insert into email_outbox (id, order_id, kind, "to", subject, html, text)
          select ${randomUUID()}, id, 'order_confirmation', ${order.email}, ${email.subject}, ${email.html}, ${email.text} from placed
          on conflict (order_id, kind) do nothing
        )
        select count(*)::int as placed from placed`,
    { prepared: true },
  );
  if (row?.placed === 1 && order.source === 'phone') {
    await recordAudit(on, context.placedBy ?? (await placedByOf(on, order)), {
      subjectType: 'order',
      subjectId: order.id,
      action: 'order.placed',
      details: { number: order.number, source: 'phone', paymentMethod: order.paymentMethod, totalCents: order.totalCents },
    });
  }
  return row?.placed ?? 0;
}

/** Who took a phone order, when the one completing it is not their request (the reconciliation job). */
async function placedByOf(db: Db, order: OrderRow): Promise<Actor> {
  const [staff] = order.placedByStaffId ? await db.select({ id: staffAccounts.id, name: staffAccounts.name }).from(staffAccounts).where(eq(staffAccounts.id, order.placedByStaffId)) : [];
  return { id: staff?.id ?? null, name: staff?.name ?? 'Staff', ip: null };
}

/**
 * Removes an order that was never charged (or whose charge was voided), frees its bag for another try, gives back its
 * promotion's use and ends its payment attempt: one statement, so an attempt is unfinished exactly while its order
 * is. An order already paid (by a retry or the reconciliation job) stays, and so does its attempt's outcome.
 */
async function abandon(db: Db, order: OrderRow, end: AttemptEnd & { status: Exclude<AttemptStatus, 'succeeded' | 'needs_reconciliation'> }): Promise<void> {
  await queryRows(
    db,
    sql`with gone as (delete from orders where id = ${order.id} and status in ('pending_payment', 'payment_unknown') returning id, promotion_id),
        -- The promotion's use taken for this order (takePromotionUse) goes back.
        given_back as (update promotions set times_used = times_used - 1 where id = (select promotion_id from gone)),
        -- The bag is found by its session (indexed), and freed only if it is still held for this order.
        freed as (update carts set checkout_order_id = null where session_id = ${order.sessionId} and checkout_order_id = ${order.id}),
        ended as (
          update payment_attempts set status = ${end.status}, transaction_id = coalesce(${end.transactionId ?? null}::text, transaction_id),
                 processor_response_code = ${end.code ?? null}::text, message = ${end.message ?? null}::text, updated_at = now()
          where order_id = ${order.id} and status in ('started', 'needs_reconciliation')
        )
        select count(*)::int as removed from gone`,
    { prepared: true },
  );
}
