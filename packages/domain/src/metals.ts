/** The five metals the store sells, with the fixed ids the original storefront uses. */
export const METALS = [
  { id: 40, slug: 'sterling-silver', name: 'Sterling Silver', colour: '#c9ccd1', isGold: false, purity: '92.5% silver' },
  { id: 10, slug: '14k-gold', name: '14k Gold', colour: '#d4a93c', isGold: true, purity: '58.5% gold' },
  { id: 20, slug: '14k-white-gold', name: '14k White Gold', colour: '#e4e2da', isGold: true, purity: '58.5% gold' },
  { id: 30, slug: '10k-gold', name: '10k Gold', colour: '#c99b3f', isGold: true, purity: '41.7% gold' },
  { id: 50, slug: 'gold-plate', name: 'Gold Plate', colour: '#e0b84f', isGold: false, purity: 'gold over sterling silver' },
] as const;

export type Metal = (typeof METALS)[number];
export type MetalId = Metal['id'];

export const DEFAULT_METAL_ID: MetalId = 40;

export const METAL_IDS = METALS.map((metal) => metal.id) as readonly MetalId[];

export function findMetalById(id: number): Metal | undefined {
  return METALS.find((metal) => metal.id === id);
}

export function findMetalBySlug(slug: string): Metal | undefined {
  const wanted = slug.toLowerCase();
  return METALS.find((metal) => metal.slug === wanted);
}
