import { METALS } from '@charms/domain/metals';

/** How the photos page and the activity page say a change to a product's photos. */
export const PHOTO_ACTIONS: Record<string, string> = { added: 'Added a photo', updated: 'Changed a photo', reordered: 'Changed the order', removed: 'Removed a photo' };

const LABELS: Record<string, string> = { photo: 'photo', alt: 'alt text', metal: 'metal', position: 'place', order: 'order (photo numbers)' };

/** A value as staff read it: a metal by its name (the trail keeps its slug), a photo by its number, alt text quoted. */
function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return field === 'metal' ? 'every metal' : 'none';
  if (Array.isArray(value)) return value.join(', ');
  if (field === 'metal') return METALS.find((metal) => metal.slug === value)?.name ?? String(value);
  if (field === 'alt') return `“${String(value)}”`;
  if (field === 'photo') return `#${String(value)}`;
  return String(value);
}

/** One line per change: what was added or removed, or each field before → after. */
export function photoChangeLine(action: string, changes: Record<string, { before: unknown; after: unknown }>): string {
  return Object.entries(changes)
    .map(([field, { before, after }]) => {
      const label = LABELS[field] ?? field;
      if (action === 'added') return `${label} ${shown(field, after)}`;
      if (action === 'removed') return `${label} ${shown(field, before)}`;
      return `${label}: ${shown(field, before)} → ${shown(field, after)}`;
    })
    .join(' · ');
}
