import { METALS } from '@charms/domain/metals';
import { BRACELET_SIZES } from '@charms/domain/session-options';
import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { braceletSizes, categories, menuItems, metals } from '../schema';
import { CATEGORIES, MENU } from './reference-data';

/** Loads metals, bracelet sizes, categories and the menu. Idempotent: a table that has rows is left alone. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(metals)
      .values(METALS.map((metal, position) => ({ id: metal.id, slug: metal.slug, name: metal.name, position })))
      .onConflictDoNothing();
    await tx
      .insert(braceletSizes)
      .values(BRACELET_SIZES.map((inches) => ({ inches })))
      .onConflictDoNothing();

    const [categoryCount] = await tx.select({ n: count() }).from(categories);
    if (categoryCount?.n === 0) {
      await tx
        .insert(categories)
        .values(CATEGORIES.map(([categoryName, urlFriendlyName], position) => ({ categoryName, urlFriendlyName, position })));
    }

    const [menuCount] = await tx.select({ n: count() }).from(menuItems);
    if (menuCount?.n === 0) {
      const rows = MENU.flatMap((item, position) => [
        {
          id: item.id,
          parentId: null,
          name: item.name,
          link: item.link,
          imageName: item.imageName ?? null,
          childrenFromCategories: item.childrenFromCategories ?? false,
          position,
        },
        ...(item.children ?? []).map((child, childPosition) => ({
          id: item.id * 100 + childPosition,
          parentId: item.id,
          name: child.name,
          link: child.link,
          imageName: child.imageName ?? null,
          childrenFromCategories: false,
          position: childPosition,
        })),
      ]);
      await tx.insert(menuItems).values(rows);
    }
  });
}
