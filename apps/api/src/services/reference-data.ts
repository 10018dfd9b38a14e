import type { CategoriesResponse } from '@charms/contracts/categories';
import type { MenuResponse } from '@charms/contracts/menu';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories, menuItems } from '../db/schema';

export async function listCategories(db: Db): Promise<CategoriesResponse> {
  const rows = await db
    .select({ categoryName: categories.categoryName, urlFriendlyName: categories.urlFriendlyName })
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
    imageName: null,
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
