/**
 * Suggested items for the bag: a few products that fit it. A bag with charms and no bracelet is offered the
 * best-selling plain bracelet first; then come the best-selling charms of the categories of the bag's products;
 * a bag without products is offered the best-selling charms. Never a product already in the bag.
 */
export const SUGGESTION_COUNT = 4;

/** A product of the bag, as the suggestions see it. */
export interface BagProduct {
  productId: number;
  /** Its primary category. */
  categoryId: number | null;
  isBracelet: boolean;
}

export interface SuggestionCandidate {
  id: number;
  unitsSold: number;
}

/** Which best-seller lists the bag needs: the bracelet, and the charms of these categories (or of the whole catalog). */
export function suggestionSources(bag: BagProduct[]): { bracelet: boolean; categories: number[] | 'all' } {
  if (bag.length === 0) return { bracelet: false, categories: 'all' };
  return {
    bracelet: !bag.some((product) => product.isBracelet),
    categories: [...new Set(bag.flatMap((product) => (product.categoryId === null ? [] : [product.categoryId])))],
  };
}

/** Picks the suggestions from the best-seller lists the bag's sources named. */
export function pickSuggestions<T extends SuggestionCandidate>(bag: BagProduct[], lists: { bracelet?: T | undefined; charms: T[] }): T[] {
  const inBag = new Set(bag.map((product) => product.productId));
  const picked: T[] = [];
  if (lists.bracelet && !inBag.has(lists.bracelet.id)) picked.push(lists.bracelet);
  const seen = new Set<number>(picked.map((product) => product.id));
  const charms = lists.charms
    .filter((charm) => !inBag.has(charm.id) && !seen.has(charm.id) && seen.add(charm.id))
    .sort((a, b) => b.unitsSold - a.unitsSold || a.id - b.id);
  return [...picked, ...charms].slice(0, SUGGESTION_COUNT);
}
