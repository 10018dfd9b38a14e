import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper';

const t = useTestApp();

describe('GET /api/categories', () => {
  it('lists the 44 categories, including every one the storefront links to', async () => {
    const response = await t.app.inject('/api/categories');
    expect(response.statusCode).toBe(200);
    const { categories } = response.json() as { categories: { categoryName: string; urlFriendlyName: string }[] };
    expect(categories).toHaveLength(44);
    const slugs = categories.map((category) => category.urlFriendlyName);
    for (const slug of [
      'Silhouette-Charms',
      'Birthstone-Charms',
      'Travel-Charms',
      'Moveable-Charms',
      'Sport-Charms',
      'PhotoArt-Charms',
      'Love-and-Marriage-Charms',
      'Birthday-Charms',
      'Charm-Bracelets',
      'charm-tags',
      'Dog-Charms',
      'Cat-Charms',
      'Number-Charms',
      'Letter-Charms',
    ]) {
      expect(slugs).toContain(slug);
    }
    expect(categories.find((category) => category.urlFriendlyName === 'Love-and-Marriage-Charms')?.categoryName).toBe(
      'Love and Marriage Charms',
    );
  });
});

describe('GET /api/menu', () => {
  it("serves the spec's menu, with CHARM CATEGORIES built from the categories", async () => {
    const response = await t.app.inject('/api/menu');
    expect(response.statusCode).toBe(200);
    const { menuItems } = response.json() as {
      menuItems: { name: string; link: string; children: { name: string; link: string; imageName: string | null }[] }[];
    };
    expect(menuItems.map((item) => item.name)).toEqual(['HOME', 'CHARMS', 'CHARM CATEGORIES', 'GIFT IDEAS', 'CHARM BRACELETS']);
    const [home, charms, categories, gifts, bracelets] = menuItems;
    expect(home).toMatchObject({ link: '/', children: [] });
    expect(charms!.children.map((child) => child.link)).toEqual([
      '/rembrandt-charms',
      '/sterling-silver-charms',
      '/gold-charms',
      '/photoart-charms',
      '/white-gold-charms',
      '/categories/sterling-silver/charm-tags',
    ]);
    expect(categories!.link).toBe('/categories');
    expect(categories!.children).toHaveLength(44);
    expect(categories!.children).toContainEqual({ name: 'Dog Charms', link: '/categories/Dog-Charms', imageName: null });
    expect(gifts!.children.map((child) => child.name)).toEqual([
      'Anniversary Gifts',
      'Birthday Gifts',
      'Baby Gifts',
      'Gift Ideas For Girlfriend',
      'Gifts For Mothers',
      'Wedding Gift Ideas',
    ]);
    for (const child of [...charms!.children, ...gifts!.children]) expect(child.imageName).toBeTruthy();
    expect(bracelets!.children.map((child) => child.link)).toEqual([
      '/categories/sterling-silver/charm-bracelets',
      '/girl-charm-bracelets',
      '/categories/14k-gold/charm-bracelets',
      '/categories/14k-white-gold/charm-bracelets',
    ]);
  });
});
