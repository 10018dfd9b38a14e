import { type Cents, sumCents, timesQuantity } from './money';

/** Charm bracelet assembly (the charms put on the bracelet): the fee the store started with; a store setting. */
export const DEFAULT_ASSEMBLY_FEE_CENTS: Cents = 995;
export const MAX_LINE_QUANTITY = 99;
/**
 * Items (product lines) one bag holds at most: far more than a bracelet carries, and a bound on what a bag costs to
 * read and price. Engraving and assembly lines ride with their items and are not counted.
 */
export const MAX_BAG_LINES = 100;
/**
 * The most one order can come to, before its discount: beyond it, an order is a slip or an attack, and it would not
 * fit the order's amounts. A shopper with a bigger order is asked to call the store.
 */
export const MAX_ORDER_CENTS: Cents = 100_000_00;

export type BagLineKind = 'product' | 'additional_characters' | 'charm_assembly';

export interface PricedLine {
  kind: BagLineKind;
  /** For product lines: whether the product is a bracelet (assembly needs one). */
  isBracelet?: boolean;
  unitCents: Cents;
  quantity: number;
}

export interface BagTotals {
  merchandiseCents: Cents;
  engravingCents: Cents;
  assemblyCents: Cents;
  discountCents: Cents;
  shippingCents: Cents;
  totalCents: Cents;
}

export function lineTotal(line: Pick<PricedLine, 'unitCents' | 'quantity'>): Cents {
  return timesQuantity(line.unitCents, line.quantity);
}

/** Merchandise (products), engraving and assembly charges of a bag's lines. */
export function bagSubtotals(lines: readonly PricedLine[]) {
  const of = (kind: BagLineKind) => sumCents(lines.filter((line) => line.kind === kind).map(lineTotal));
  return { merchandiseCents: of('product'), engravingCents: of('additional_characters'), assemblyCents: of('charm_assembly') };
}

/** The bag's totals; the discount applies to merchandise only and never takes anything below zero. */
export function bagTotals(lines: readonly PricedLine[], discountCents: Cents, shippingCents: Cents): BagTotals {
  const subtotals = bagSubtotals(lines);
  const discount = Math.max(0, Math.min(discountCents, subtotals.merchandiseCents));
  return {
    ...subtotals,
    discountCents: discount,
    shippingCents,
    totalCents: subtotals.merchandiseCents + subtotals.engravingCents + subtotals.assemblyCents - discount + shippingCents,
  };
}

/** Whether an order of these totals comes to more than MAX_ORDER_CENTS before its discount. */
export function orderTooLarge(totals: BagTotals): boolean {
  return totals.merchandiseCents + totals.engravingCents + totals.assemblyCents + totals.shippingCents > MAX_ORDER_CENTS;
}

/** Assembly puts charms on a bracelet: without a bracelet in the bag it has nothing to do and is not kept. */
export function assemblyHasBracelet(lines: readonly PricedLine[]): boolean {
  return lines.some((line) => line.kind === 'product' && line.isBracelet);
}

/** Offer assembly when the bag holds a bracelet and charms to put on it, and no assembly yet. */
export function shouldSuggestAssembly(lines: readonly PricedLine[]): boolean {
  const products = lines.filter((line) => line.kind === 'product');
  return (
    products.some((line) => line.isBracelet) &&
    products.some((line) => !line.isBracelet) &&
    !lines.some((line) => line.kind === 'charm_assembly')
  );
}
