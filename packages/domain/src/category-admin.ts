import { METALS } from './metals';

/**
 * The rules of the categories staff manage: what a slug (the category's URL segment) may be, the slug a new name
 * suggests, the description's limit, and moving a category in the menu's order.
 */
export const CATEGORY_SLUG_MAX = 80;
export const CATEGORY_NAME_MAX = 80;
export const CATEGORY_DESCRIPTION_MAX = 2000;

export const CATEGORY_SLUG_RULE = 'Use letters, digits and single hyphens between them (Dog-Charms), up to 80 characters.';

/**
 * Words a category's URL cannot be: /products/search/… and /products/category/… are other pages, and a metal's
 * slug in a category's place would read as a metal (/categories/14k-gold/Dog-Charms).
 */
const RESERVED_SLUGS = new Set(['search', 'category', 'categories', ...METALS.map((metal) => metal.slug)]);

const SLUG = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;

/** What is wrong with a slug, or null when it can name a category. Letter case is kept (URLs match in any case). */
export function categorySlugProblem(slug: string): string | null {
  if (slug === '') return 'is required';
  if (slug.length > CATEGORY_SLUG_MAX || !SLUG.test(slug)) return CATEGORY_SLUG_RULE;
  if (RESERVED_SLUGS.has(slug.toLowerCase())) return `${slug} is the name of another page; choose another slug.`;
  return null;
}

/** The slug a name suggests: its letters and digits, accents dropped, words joined by hyphens ("Café & Tea" → "Cafe-Tea"). */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CATEGORY_SLUG_MAX)
    .replace(/-+$/, '');
}

/** A description as the category page shows it: paragraphs split by blank lines, each trimmed, none empty. */
export function descriptionParagraphs(description: string): string[] {
  return description
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

export type MenuMove = 'up' | 'down' | 'top' | 'bottom';

/**
 * The menu's order after moving one category (ids in menu order): up or down one place, or to either end. Null
 * when the id is not in the order; the same order when it cannot move that way (already first, already last).
 */
export function moveInOrder(ids: readonly number[], id: number, move: MenuMove): number[] | null {
  const from = ids.indexOf(id);
  if (from === -1) return null;
  const to = move === 'up' ? Math.max(0, from - 1) : move === 'down' ? Math.min(ids.length - 1, from + 1) : move === 'top' ? 0 : ids.length - 1;
  const order = ids.filter((other) => other !== id);
  order.splice(to, 0, id);
  return order;
}

/** Whether `proposed` names every category of `current` exactly once (an order to set as a whole). */
export function isSameSet(current: readonly number[], proposed: readonly number[]): boolean {
  if (current.length !== proposed.length) return false;
  const wanted = new Set(current);
  return new Set(proposed).size === proposed.length && proposed.every((id) => wanted.has(id));
}
