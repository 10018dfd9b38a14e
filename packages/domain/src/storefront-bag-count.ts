/**
 * The number the header shows next to the Shopping Bag: charms and bracelets the shopper chose, counted by
 * quantity. Engraving's additional-character lines and the bracelet assembly line are services, not items.
 */
export interface BagLineForCount {
  quantity: number;
  isAdditionalCharacters: boolean;
  isCharmAssembly: boolean;
}

export function countBagItems(lines: readonly BagLineForCount[]): number {
  return lines
    .filter((line) => !line.isAdditionalCharacters && !line.isCharmAssembly)
    .reduce((total, line) => total + Math.max(0, Math.trunc(line.quantity)), 0);
}
