import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** The five metals (fixed ids 10, 20, 30, 40, 50), seeded from @charms/domain/metals. */
export const metals = pgTable('metals', {
  id: smallint('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  position: smallint('position').notNull(),
});

/** Bracelet lengths in inches, seeded from @charms/domain/session-options. */
export const braceletSizes = pgTable('bracelet_sizes', {
  inches: doublePrecision('inches').primaryKey(),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    categoryName: text('category_name').notNull(),
    urlFriendlyName: text('url_friendly_name').notNull(),
    position: smallint('position').notNull(),
  },
  (table) => [uniqueIndex('categories_url_friendly_name_lower_idx').on(sql`lower(${table.urlFriendlyName})`)],
);

/** The storefront menu; a child points at its parent. */
export const menuItems = pgTable('menu_items', {
  id: integer('id').primaryKey(),
  parentId: integer('parent_id').references((): AnyPgColumn => menuItems.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  link: text('link').notNull(),
  imageName: text('image_name'),
  /** For CHARM CATEGORIES: children come from the categories table, not from rows here. */
  childrenFromCategories: boolean('children_from_categories').notNull().default(false),
  position: smallint('position').notNull(),
});

/** An anonymous shopper's session: what they chose, remembered between pages and visits. */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey(),
    metalId: smallint('metal_id')
      .notNull()
      .references(() => metals.id),
    braceletSize: doublePrecision('bracelet_size')
      .notNull()
      .references(() => braceletSizes.inches),
    productId: integer('product_id'),
    productsOrderBy: text('products_order_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'user_sessions_products_order_by_check',
      sql`${table.productsOrderBy} in ('Name', 'PriceLowHigh', 'PriceHighLow', 'Newest', 'BestSelling')`,
    ),
  ],
);
export type UserSessionRow = typeof userSessions.$inferSelect;
