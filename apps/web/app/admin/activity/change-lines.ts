import type { ActivityList } from '@charms/contracts/admin-audit';
import { changeLines as categoryLines } from '../categories/category-form';
import { photoChangeLine } from '../photos/photo-changes';
import { changeLines as productLines } from '../products/product-form';
import { changeLines as promotionLines } from '../promotions/promotion-form';
import { CHANGE_LABELS, shownChange } from '../settings/settings-form';

type Entry = ActivityList['changes'][number];

/**
 * A line of the activity trail in the words of the entity's own page (the same labels and formats as its history
 * there): prices per metal in dollars, metals by name, dates in the store's zone, never stored column names or JSON.
 * A creation says nothing more (its page has it all); a retirement or a return to sale is said by its verb.
 */
export function activityLines(entry: Entry, timeZone: string): string[] {
  if (entry.action === 'created') return [];
  switch (entry.entityType) {
    case 'product':
      return entry.action === 'retired' || entry.action === 'restored' ? [] : productLines(entry.changes);
    case 'photo':
      return [photoChangeLine(entry.action, entry.changes)];
    case 'category':
      return categoryLines(entry.changes);
    case 'promotion':
      return promotionLines(entry.changes, undefined, timeZone);
    case 'setting':
      return Object.entries(entry.changes).map(([name, { before, after }]) => `${CHANGE_LABELS[name] ?? name}: ${shownChange(name, before)} → ${shownChange(name, after)}`);
    default:
      return [];
  }
}
