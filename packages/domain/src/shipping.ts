import type { Cents } from './money';
import { isCarrierHoliday } from './carrier-holidays';
import { type ShipCalendar, addBusinessDays, addDays, estimateShipDate, isSaturday } from './ship-dates';

/** Where the store ships: the 50 states, DC, the territories and military addresses. Canada goes through Alaska. */
export type Region = 'contiguous' | 'alaska-hawaii' | 'territory' | 'military';

const STATES: readonly (readonly [string, string])[] = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'], ['CO', 'Colorado'],
  ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'],
  ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'],
  ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'],
  ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'],
  ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'],
  ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'],
  ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
  ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'],
  ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
];
const TERRITORIES: readonly (readonly [string, string])[] = [
  ['AS', 'American Samoa'], ['GU', 'Guam'], ['MP', 'Northern Mariana Islands'], ['PR', 'Puerto Rico'], ['VI', 'U.S. Virgin Islands'],
];
const MILITARY: readonly (readonly [string, string])[] = [
  ['AA', 'Armed Forces Americas'], ['AE', 'Armed Forces Europe'], ['AP', 'Armed Forces Pacific'],
];

export interface StateProvince {
  code: string;
  name: string;
  region: Region;
}

export const STATE_PROVINCES: readonly StateProvince[] = [
  ...STATES.map(([code, name]) => ({ code, name, region: (code === 'AK' || code === 'HI' ? 'alaska-hawaii' : 'contiguous') as Region })),
  ...TERRITORIES.map(([code, name]) => ({ code, name, region: 'territory' as Region })),
  ...MILITARY.map(([code, name]) => ({ code, name, region: 'military' as Region })),
];

export function findStateProvince(code: string): StateProvince | undefined {
  const wanted = code.trim().toUpperCase();
  return STATE_PROVINCES.find((state) => state.code === wanted);
}

export const SHIPPING_TYPE_IDS = ['ground', 'two-day', 'next-day', 'saturday'] as const;
export type ShippingTypeId = (typeof SHIPPING_TYPE_IDS)[number];

/** What each shipping type costs the shopper (a store setting; 0 is free). */
export type ShippingPrices = Readonly<Record<ShippingTypeId, Cents>>;

/** The prices the store started with: free ground 7-10 days, 2-3 day $14.75, next business day $24.95, Saturday $39.75. */
export const DEFAULT_SHIPPING_PRICES: ShippingPrices = Object.freeze({ ground: 0, 'two-day': 1475, 'next-day': 2495, saturday: 3975 });

interface ShippingType {
  id: ShippingTypeId;
  name: string;
  /** Business days in transit after the order ships, per region; absent: not offered there. */
  transit: Partial<Record<Region, readonly [number, number]>>;
}

/** The shipping types and their transit times; their prices are store settings (ShippingPrices). */
export const SHIPPING_TYPES: readonly ShippingType[] = [
  { id: 'ground', name: 'Free Ground', transit: { contiguous: [7, 10], 'alaska-hawaii': [10, 15], territory: [10, 20], military: [10, 20] } },
  { id: 'two-day', name: '2-3 Day', transit: { contiguous: [2, 3], 'alaska-hawaii': [3, 5] } },
  { id: 'next-day', name: 'Next Business Day', transit: { contiguous: [1, 1] } },
  { id: 'saturday', name: 'Saturday Delivery', transit: { contiguous: [1, 1] } },
];

export const DEFAULT_SHIPPING_TYPE: ShippingTypeId = 'ground';
/** Charm assembly adds 1-3 business days before the order ships; estimates use the longest. */
export const ASSEMBLY_DAYS = 3;

export interface ShippingOption {
  id: ShippingTypeId;
  name: string;
  priceCents: Cents;
  transitDays: { min: number; max: number };
  /** YYYY-MM-DD in Central time. */
  shipDate: string;
  deliveryDate: { earliest: string; latest: string };
}

export interface BagTiming {
  /** The longest lead time of a made-to-order item in the bag, in business days. */
  leadTimeDays: number;
  hasAssembly: boolean;
}

/** Saturday delivery lands on the first Saturday after the ship date that is not itself a holiday (July 4, 2026). */
function nextSaturdayAfter(date: string): string {
  let day = addDays(date, 1);
  while (!isSaturday(day) || isCarrierHoliday(day)) day = addDays(day, 1);
  return day;
}

/** The store settings shipping depends on: prices, and the calendar that decides ship dates. */
export interface ShippingSettings {
  prices: ShippingPrices;
  calendar: ShipCalendar;
}

/**
 * A shipping type's name as shoppers read it: ground is called free only while it costs nothing, so a store that
 * charges for it never advertises it as free.
 */
export function shippingTypeName(id: ShippingTypeId, prices: ShippingPrices): string {
  const name = SHIPPING_TYPES.find((type) => type.id === id)?.name ?? id;
  return id === 'ground' && prices.ground > 0 ? 'Ground' : name;
}

/** Whether a shipping type goes to a state at all (by region; prices and dates aside). */
export function offersShippingType(state: StateProvince, id: ShippingTypeId): boolean {
  return SHIPPING_TYPES.some((type) => type.id === id && type.transit[state.region] !== undefined);
}

/** The shipping types offered to a state, with prices and delivery estimates for an order placed now. */
export function shippingOptions(state: StateProvince, now: Date, timing: BagTiming, settings: ShippingSettings): ShippingOption[] {
  const shipDate = estimateShipDate(now, settings.calendar, { leadTimeDays: timing.leadTimeDays, assemblyDays: timing.hasAssembly ? ASSEMBLY_DAYS : 0 });
  return SHIPPING_TYPES.flatMap((type) => {
    const transit = type.transit[state.region];
    if (!transit) return [];
    const [min, max] = transit;
    const deliveryDate =
      type.id === 'saturday'
        ? { earliest: nextSaturdayAfter(shipDate), latest: nextSaturdayAfter(shipDate) }
        : { earliest: addBusinessDays(shipDate, min), latest: addBusinessDays(shipDate, max) };
    return [{ id: type.id, name: shippingTypeName(type.id, settings.prices), priceCents: settings.prices[type.id], transitDays: { min, max }, shipDate, deliveryDate }];
  });
}
