import { METALS } from '@charms/domain/metals';
import { formatCents } from '@charms/domain/money';
import type { StoreInfo } from './context';

/**
 * The store's terms as the static pages say them (FAQ, home, about us, product pages, the bag), made from the store
 * settings on each request: an owner's change in the admin shows on every page at once, with no text to edit.
 */
export interface StoreTerms {
  /** "12 noon Central time": the same-day cutoff with its time zone in words. */
  cutoff: string;
  /** Ground costs nothing (the store's long-standing promise), so pages may say "free shipping". */
  freeGround: boolean;
  shipping: { ground: string; twoDay: string; nextDay: string; saturday: string };
  /** "Free shipping on every order, with no minimum." or, when ground has a price, what it costs. */
  shippingPromise: string;
  engravingPerCharacter: string;
  /** "gold and white gold", or the metals by name; null when engraving is free on none. */
  engravingFreeOn: string | null;
  assemblyFee: string;
}

export function storeTerms(store: Pick<StoreInfo, 'sameDayCutoff' | 'timeZone' | 'shippingPrices' | 'engraving' | 'assemblyFeeCents'>): StoreTerms {
  const prices = store.shippingPrices;
  const freeGround = prices.ground === 0;
  return {
    cutoff: `${store.sameDayCutoff} ${timeZoneInWords(store.timeZone)}`,
    freeGround,
    shipping: { ground: formatCents(prices.ground), twoDay: formatCents(prices['two-day']), nextDay: formatCents(prices['next-day']), saturday: formatCents(prices.saturday) },
    shippingPromise: freeGround ? 'Free shipping on every order, with no minimum.' : `Ground shipping is ${formatCents(prices.ground)} an order.`,
    engravingPerCharacter: formatCents(store.engraving.centsPerCharacter),
    engravingFreeOn: freeMetalsInWords(store.engraving.freeMetalIds),
    assemblyFee: formatCents(store.assemblyFeeCents),
  };
}

/** Content text naming a term as {engravingPerCharacter} or {shippingPromise}, with today's value in its place. */
export function fillTerms(text: string, terms: StoreTerms): string {
  return text.replace(/\{(engravingPerCharacter|shippingPromise|cutoff|assemblyFee)\}/g, (_, name: 'engravingPerCharacter' | 'shippingPromise' | 'cutoff' | 'assemblyFee') => terms[name]);
}

/**
 * Each zone's words, found once: a zone's generic name ("Central Time") is the same all year, and making an
 * Intl.DateTimeFormat costs more than the rest of a page's terms (every page says the terms). The zones are the store
 * settings' (validated IANA ids), a few hundred at most.
 */
const zoneWords = new Map<string, string>();

/** America/Chicago -> "Central time"; a zone Intl has no name for is said by its id. */
export function timeZoneInWords(timeZone: string): string {
  let words = zoneWords.get(timeZone);
  if (words === undefined) {
    words = findTimeZoneWords(timeZone);
    zoneWords.set(timeZone, words);
  }
  return words;
}

function findTimeZoneWords(timeZone: string): string {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' }).formatToParts(new Date()).find((part) => part.type === 'timeZoneName')?.value;
    return name && !/^GMT/.test(name) ? name.replace(/ Time$/, ' time') : timeZone;
  } catch {
    return timeZone;
  }
}

/** Every gold metal (and nothing else) is what shoppers know as "gold and white gold"; otherwise the metals by name. */
function freeMetalsInWords(ids: readonly number[]): string | null {
  const free = METALS.filter((metal) => ids.includes(metal.id));
  if (free.length === 0) return null;
  const golds = METALS.filter((metal) => metal.isGold);
  if (free.length === golds.length && free.every((metal) => metal.isGold)) return 'gold and white gold';
  const names = free.map((metal) => metal.name.toLowerCase());
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
