import type { ShippingTypesResponse } from '@charms/contracts/bag';
import { findStateProvince, shippingOptions } from '@charms/domain/shipping';
import { type StoreSettings, shippingSettingsOf } from '@charms/domain/store-settings';
import type { Db } from '../db/client';
import { invalidFields } from '../http-error';
import { unknownSession } from './bag-changes';
import { bagTiming, loadBag } from './bag-read';
import { money } from './catalog-presenters';

const NOTES: Record<string, string[]> = {
  contiguous: [],
  'alaska-hawaii': ['Alaska and Hawaii: ground (10-15 business days) or 2-3 day (3-5 business days); no next-day or Saturday delivery.'],
  territory: ['U.S. territories: ground only, 10-20 business days.'],
  military: ['APO/FPO addresses: ground only, 10-20 business days.'],
};
const CANADA_NOTE = 'Shipping to Canada? Choose Alaska and give your Canadian address in the order comments.';

/** The shipping types to a state, priced, with delivery estimates that count this bag's lead times and assembly. */
export async function shippingTypesFor(db: Db, sessionId: string, stateCode: string, now: Date, settings: StoreSettings): Promise<ShippingTypesResponse> {
  const state = findStateProvince(stateCode);
  if (!state) {
    throw invalidFields([{ field: 'shipToStateProvince', message: 'is not a US state, DC, territory or military code (for Canada choose AK)' }]);
  }
  const bag = await loadBag(db, sessionId, settings);
  if (!bag) throw unknownSession();
  const timing = bagTiming(bag.lines);
  return {
    stateProvince: { code: state.code, name: state.name },
    shippingTypes: shippingOptions(state, now, timing, shippingSettingsOf(settings)).map(({ priceCents, ...option }) => ({ ...option, price: money(priceCents) })),
    notes: [...(NOTES[state.region] ?? []), ...(state.code === 'AK' ? [CANADA_NOTE] : [])],
  };
}
