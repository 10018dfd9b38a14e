/**
 * The names of the charm silhouettes, apart from their drawings (shapes.ts): what the browser needs to check a menu
 * picture's name, without downloading the path data. shapes.ts draws exactly these (checked when it compiles).
 */
export const CHARM_SHAPES = [
  'heart', 'star', 'paw', 'dog', 'cat', 'bone', 'number', 'letter', 'disc', 'tag', 'bracelet', 'shell', 'flower', 'tree',
  'pumpkin', 'ghost', 'cake', 'gift', 'ring', 'baby', 'plane', 'ball', 'music', 'cross', 'anchor', 'camera', 'calendar',
  'moon', 'butterfly', 'horse', 'house', 'car', 'graduation', 'clover', 'apple',
] as const;

export type CharmShape = (typeof CHARM_SHAPES)[number];

const NAMES: ReadonlySet<string> = new Set(CHARM_SHAPES);

export function isCharmShape(value: string): value is CharmShape {
  return NAMES.has(value);
}
