import { describe, expect, it } from 'vitest';
import { MAX_ORDER_CENTS, type PricedLine, assemblyHasBracelet, bagTotals, orderTooLarge, shouldSuggestAssembly } from './bag';

const charm: PricedLine = { kind: 'product', unitCents: 2995, quantity: 2 };
const bracelet: PricedLine = { kind: 'product', isBracelet: true, unitCents: 4500, quantity: 1 };
const engraving: PricedLine = { kind: 'additional_characters', unitCents: 300, quantity: 2 };
const assembly: PricedLine = { kind: 'charm_assembly', unitCents: 995, quantity: 1 };

describe('bagTotals', () => {
  it('adds merchandise, engraving, assembly and shipping, and takes the discount off', () => {
    expect(bagTotals([charm, bracelet, engraving, assembly], 1049, 1475)).toEqual({
      merchandiseCents: 10490,
      engravingCents: 600,
      assemblyCents: 995,
      discountCents: 1049,
      shippingCents: 1475,
      totalCents: 12511,
    });
  });

  it('never discounts more than the merchandise', () => {
    expect(bagTotals([{ kind: 'product', unitCents: 300, quantity: 1 }, engraving], 500, 0)).toMatchObject({ discountCents: 300, totalCents: 600 });
    expect(bagTotals([], 500, 0).totalCents).toBe(0);
  });
});

describe('orderTooLarge', () => {
  it('is over MAX_ORDER_CENTS before the discount: a code cannot bring a bag that big under it', () => {
    const line = (unitCents: number): PricedLine => ({ kind: 'product', unitCents, quantity: 1 });
    expect(orderTooLarge(bagTotals([line(MAX_ORDER_CENTS - 1475)], 0, 1475))).toBe(false);
    expect(orderTooLarge(bagTotals([line(MAX_ORDER_CENTS - 1475), engraving], 0, 1475))).toBe(true);
    expect(orderTooLarge(bagTotals([line(MAX_ORDER_CENTS)], MAX_ORDER_CENTS, 1))).toBe(true);
  });
});

describe('shouldSuggestAssembly', () => {
  it('suggests assembly for a bracelet with charms and no assembly line', () => {
    expect(shouldSuggestAssembly([charm, bracelet])).toBe(true);
    expect(shouldSuggestAssembly([charm])).toBe(false);
    expect(shouldSuggestAssembly([bracelet])).toBe(false);
    expect(shouldSuggestAssembly([charm, bracelet, assembly])).toBe(false);
  });
});

describe('assemblyHasBracelet', () => {
  it('keeps assembly only while a bracelet is in the bag', () => {
    expect(assemblyHasBracelet([charm, bracelet, assembly])).toBe(true);
    expect(assemblyHasBracelet([charm, engraving, assembly])).toBe(false);
    expect(assemblyHasBracelet([assembly])).toBe(false);
  });
});
