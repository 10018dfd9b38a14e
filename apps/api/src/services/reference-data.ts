import type { CategoriesResponse } from '@charms/contracts/categories';
import type { MenuResponse } from '@charms/contracts/menu';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories, categorySlugHistory, menuItems } from '../db/schema';
import { notFound } from '../http-error';

/** Every category in menu order (staff set it in the admin), with its menu picture. */
export async function listCategories(db: Db): Promise<CategoriesResponse> {
  const rows = await db
    .select({ categoryName: categories.categoryName, urlFriendlyName: categories.urlFriendlyName, menuImage: categories.menuImage })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.categoryName));
  return { categories: rows };
}

/** The storefront menu; CHARM CATEGORIES lists every category, linking to /categories/{urlFriendlyName}. */
export async function getMenu(db: Db): Promise<MenuResponse> {
  const [rows, { categories: allCategories }] = await Promise.all([
    db.select().from(menuItems).orderBy(asc(menuItems.position), asc(menuItems.id)),
    listCategories(db),
  ]);
  const categoryChildren = allCategories.map((category) => ({
    name: category.categoryName,
    link: `/categories/${category.urlFriendlyName}`,
    imageName: category.menuImage,
  }));
  const menuItemsOut = rows
    .filter((row) => row.parentId === null)
    .map((item) => ({
      id: item.id,
      name: item.name,
      link: item.link,
      imageName: item.imageName,
      children: item.childrenFromCategories
        ? categoryChildren
        : rows
            .filter((row) => row.parentId === item.id)
            .map((child) => ({ name: child.name, link: child.link, imageName: child.imageName })),
    }));
  return { menuItems: menuItemsOut };
}

/** The current slug of the category that once had `slug` (in any case): its old URLs redirect there. */
export async function findMovedCategory(db: Db, slug: string): Promise<{ urlFriendlyName: string }> {
  const [row] = await db
    .select({ urlFriendlyName: categories.urlFriendlyName })
    .from(categorySlugHistory)
    .innerJoin(categories, eq(categories.id, categorySlugHistory.categoryId))
    .where(sql`lower(${categorySlugHistory.slug}) = lower(${slug})`)
    .limit(1);
  if (!row) throw notFound('No category ever had that slug.');
  return row;
}
