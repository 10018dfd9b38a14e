import { AUDITED_ENTITIES } from '@charms/contracts/admin-audit';
import { ORDER_STATUSES } from '@charms/domain/order-status';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  customType,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  primaryKey,
  pgTable,
  real,
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
    /** Plain text shown on the category page (paragraphs split by blank lines); empty for none. */
    description: text('description').notNull().default(''),
    /** The drawn tile the menu and /categories show for it, as '{metal}/{shape}' (see menu-pictures); null for none. */
    menuImage: text('menu_image'),
  },
  (table) => [uniqueIndex('categories_url_friendly_name_lower_idx').on(sql`lower(${table.urlFriendlyName})`)],
);
export type CategoryRow = typeof categories.$inferSelect;

/** A renamed category's earlier slugs: their URLs answer 301 to its current one. A slug names one category at most. */
export const categorySlugHistory = pgTable(
  'category_slug_history',
  {
    slug: text('slug').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('category_slug_history_slug_lower_idx').on(sql`lower(${table.slug})`), index('category_slug_history_category_idx').on(table.categoryId)],
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
    productId: integer('product_id').references((): AnyPgColumn => products.id, { onDelete: 'set null' }),
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

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A charm or a bracelet. Prices per metal live in product_prices; a metal without a row is not offered. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    brand: text('brand').notNull().default('Rembrandt'),
    kind: text('kind', { enum: ['charm', 'bracelet'] }).notNull(),
    /** Which drawing the generated image uses (see @charms/art). */
    shape: text('shape').notNull(),
    /** The category that names the product page's path and its breadcrumbs. */
    primaryCategoryId: integer('primary_category_id')
      .notNull()
      .references(() => categories.id),
    /** Bracelet lengths offered, in inches; empty for charms. */
    sizes: doublePrecision('sizes').array().notNull().default(sql`'{}'`),
    clasp: text('clasp'),
    engravingMaxChars: smallint('engraving_max_chars'),
    /** Allowed engraving fonts; empty when the product is not engravable. */
    engravingFonts: text('engraving_fonts').array().notNull().default(sql`'{}'`),
    isPhotoArt: boolean('is_photo_art').notNull().default(false),
    /** Customizable items (e.g. calendar charms) are made to order: business days before shipping. */
    leadTimeMinDays: smallint('lead_time_min_days'),
    leadTimeMaxDays: smallint('lead_time_max_days'),
    returnable: boolean('returnable').notNull().default(true),
    /** Curated groups that storefront pages list, e.g. 'girls-bracelets'. */
    collections: text('collections').array().notNull().default(sql`'{}'`),
    /** Words a shopper may search by that are not in the name (category names, synonyms). */
    keywords: text('keywords').notNull().default(''),
    unitsSold: integer('units_sold').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Retired by staff: off every listing, search and menu, its page gone; never deleted, since orders name it. Null = on sale. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** The page's title and description for search engines; '' = derived from the name and description. */
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    /** Full-text search: the name weighs most, then keywords, then the description. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', keywords), 'B') || setweight(to_tsvector('english', description), 'C')`,
      ),
  },
  (table) => [
    index('products_search_idx').using('gin', table.searchVector),
    index('products_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('products_name_idx').on(table.name, table.id),
    index('products_created_at_idx').on(table.createdAt),
    index('products_units_sold_idx').on(table.unitsSold),
    // A product page's related products: its category's best sellers on sale, read in order (migration 0028).
    index('products_related_idx').on(table.primaryCategoryId, table.unitsSold.desc().nullsFirst(), table.id).where(sql`retired_at is null`),
    index('products_collections_idx').using('gin', table.collections),
  ],
);
export type ProductRow = typeof products.$inferSelect;

/** A variant of a product photo as stored (media/store-image.ts): one format at one width, under its content key. */
export interface StoredPhotoVariant {
  format: 'avif' | 'webp' | 'jpeg';
  width: number;
  height: number;
  key: string;
  bytes: number;
}

/**
 * Staff's photos of a product, shown in `position` order (the first one in listings). A photo tagged with a metal is
 * shown for that metal; untagged ones for every metal. The files are in media storage under content keys (never
 * removed here: another photo may have the same bytes, and a cached page may still name them).
 */
export const productPhotos = pgTable(
  'product_photos',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    alt: text('alt').notNull().default(''),
    metalId: smallint('metal_id').references(() => metals.id),
    variants: jsonb('variants').$type<StoredPhotoVariant[]>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
  },
  (table) => [index('product_photos_product_idx').on(table.productId, table.position)],
);
export type ProductPhotoRow = typeof productPhotos.$inferSelect;

export const productCategories = pgTable(
  'product_categories',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.productId] }), index('product_categories_product_idx').on(table.productId)],
);

export const productPrices = pgTable(
  'product_prices',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    metalId: smallint('metal_id')
      .notNull()
      .references(() => metals.id),
    priceCents: integer('price_cents').notNull(),
    /** Offered in this metal but sold out for now: listed as unavailable and not added to a bag. No row = not offered. */
    available: boolean('available').notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.metalId] }),
    index('product_prices_metal_price_idx').on(table.metalId, table.priceCents),
    check('product_prices_positive', sql`${table.priceCents} > 0`),
  ],
);

/** Content pages served by GET /api/content?objectKey={path}; html is sanitized when saved. */
export const cmsPages = pgTable('cms_pages', {
  path: text('path').primaryKey(),
  title: text('title').notNull(),
  metaDescription: text('meta_description').notNull().default(''),
  metaKeywords: text('meta_keywords').notNull().default(''),
  html: text('html').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedByStaffId: uuid('updated_by_staff_id').references((): AnyPgColumn => staffAccounts.id, { onDelete: 'set null' }),
});

/** The catalog's own words (from product names and keywords), for correcting misspelled searches. */
export const searchVocabulary = pgTable(
  'search_vocabulary',
  {
    word: text('word').primaryKey(),
    frequency: integer('frequency').notNull(),
  },
  (table) => [index('search_vocabulary_trgm_idx').using('gin', table.word.op('gin_trgm_ops'))],
);

/**
 * The category listings as the storefront pages them: one row per category x metal x product, kept in step with
 * products, prices and categories by triggers (migration 0006). Its indexes give every sort order of a category
 * page straight from an index, so a page of 48 costs the same with 2,000 or 100,000 products.
 */
export const catalogListings = pgTable(
  'catalog_listings',
  {
    categoryId: integer('category_id').notNull(),
    metalId: smallint('metal_id').notNull(),
    productId: integer('product_id').notNull(),
    /** Not offered in this metal: listed after the products that are. */
    unavailable: boolean('unavailable').notNull(),
    name: text('name').notNull(),
    priceCents: integer('price_cents'),
    unitsSold: integer('units_sold').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The kinds a listing can be filtered by, as bits (KIND_BITS, services/listing-kinds.ts), kept by the triggers of migration 0015. */
    kinds: smallint('kinds').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.categoryId, table.metalId, table.productId] }),
    // A listing's filter counts (each kind within a price range) read from this index alone.
    index('catalog_listings_counts_idx').on(table.categoryId, table.metalId, table.kinds, table.priceCents),
    index('catalog_listings_product_idx').on(table.productId, table.metalId),
    // Each order's index, ending with the columns a page shows (its price), so a page reads the index alone (decision 0048).
    index('catalog_listings_by_name_idx').on(table.categoryId, table.metalId, table.unavailable, table.name, table.productId, table.priceCents),
    index('catalog_listings_by_price_idx').on(table.categoryId, table.metalId, table.unavailable, table.priceCents, table.name, table.productId),
    index('catalog_listings_by_price_desc_idx').on(
      table.categoryId,
      table.metalId,
      table.unavailable,
      table.priceCents.desc(),
      table.name,
      table.productId,
    ),
    index('catalog_listings_by_newest_idx').on(table.categoryId, table.metalId, table.unavailable, table.createdAt.desc(), table.productId, table.priceCents),
    index('catalog_listings_by_sales_idx').on(table.categoryId, table.metalId, table.unavailable, table.unitsSold.desc(), table.productId, table.priceCents),
  ],
);

/**
 * The whole catalog's read model (`/products`, decision 0036): one row per current product offered in a metal, with
 * the sort keys of its five orders (the whole catalog lists only offered products, sold-out ones among the others),
 * so a page is one index range read with `LIMIT`, as a category's is from catalog_listings. Kept in step with
 * products and product_prices by the triggers of migration 0025.
 */
export const catalogOffers = pgTable(
  'catalog_offers',
  {
    metalId: smallint('metal_id').notNull(),
    productId: integer('product_id').notNull(),
    /** Offered but sold out (product_prices.available false). */
    available: boolean('available').notNull(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    unitsSold: integer('units_sold').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** KIND_BITS (services/listing-kinds.ts), as catalog_listings.kinds. */
    kinds: smallint('kinds').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.metalId, table.productId] }),
    index('catalog_offers_product_idx').on(table.productId),
    // Each order's index, ending with the columns a page shows (price, availability), so a page reads the index alone (decision 0048).
    index('catalog_offers_by_name_idx').on(table.metalId, table.name, table.productId, table.priceCents, table.available),
    index('catalog_offers_by_price_idx').on(table.metalId, table.priceCents, table.name, table.productId, table.available),
    index('catalog_offers_by_price_desc_idx').on(table.metalId, table.priceCents.desc(), table.name, table.productId, table.available),
    index('catalog_offers_by_newest_idx').on(table.metalId, table.createdAt.desc(), table.productId, table.priceCents, table.available),
    index('catalog_offers_by_sales_idx').on(table.metalId, table.unitsSold.desc(), table.productId, table.priceCents, table.available),
  ],
);

/**
 * How many rows of catalog_offers each metal has of each kinds x price: the whole catalog's filter counts (each kind
 * within a price range, the price range of a kind) are sums over a metal's few thousand rows here instead of counts
 * over its 100,000 offers. Kept by statement triggers on catalog_offers (migration 0025); no row has 0 products.
 */
export const catalogOfferCounts = pgTable(
  'catalog_offer_counts',
  {
    metalId: smallint('metal_id').notNull(),
    kinds: smallint('kinds').notNull(),
    priceCents: integer('price_cents').notNull(),
    products: integer('products').notNull(),
  },
  (table) => [primaryKey({ columns: [table.metalId, table.kinds, table.priceCents] })],
);

/**
 * Search's read model: one row per word (lexeme) of each current product's search_vector, with what a one-word
 * search shows and counts of it: the product's rank for that word (ts_rank of the word alone), its sales, kinds
 * (KIND_BITS) and its price and availability in each metal. Kept in step with products and product_prices by the
 * triggers of migration 0024. Two hand-written indexes (migration 0026): search_postings_key (lexeme, product_id:
 * one posting a product and word, and whether a product has a word; with its rank, sales and kinds included, migration
 * 0030, for the searches that look a product's postings up), and search_postings_relevance (lexeme, then the
 * order a search shows by relevance, with every other column included), so a one-word search reads the first page of
 * its matches from one index range, without the table (decisions 0035, 0041).
 */
export const searchPostings = pgTable(
  'search_postings',
  {
    lexeme: text('lexeme').notNull(),
    productId: integer('product_id').notNull(),
    rank: real('rank').notNull(),
    unitsSold: integer('units_sold').notNull(),
    kinds: smallint('kinds').notNull(),
    /** The price in each metal (null where it is not offered): one column a metal, as the five metals are fixed. */
    price10: integer('price_10'),
    price20: integer('price_20'),
    price30: integer('price_30'),
    price40: integer('price_40'),
    price50: integer('price_50'),
    /** The metals it is offered in but sold out of, as bits: 1 << (metal id / 10 - 1). */
    soldOut: smallint('sold_out').notNull(),
  },
  (table) => [index('search_postings_product_idx').on(table.productId)],
);

/**
 * What a one-word search counts, per word (lexeme) of the postings: how many products have it, of each kind
 * (KIND_BITS), for sale in each metal, and their lowest and highest price in each metal. Kept exact by statement
 * triggers on search_postings (migration 0026), so a search that is not narrowed reads its counts from one row
 * instead of counting thousands of postings (decision 0041).
 */
export const searchLexemeStats = pgTable('search_lexeme_stats', {
  lexeme: text('lexeme').primaryKey(),
  products: integer('products').notNull(),
  charm: integer('charm').notNull(),
  bracelet: integer('bracelet').notNull(),
  engravable: integer('engravable').notNull(),
  photoart: integer('photoart').notNull(),
  madeToOrder: integer('made_to_order').notNull(),
  /** For sale in each metal: priced there and not sold out. */
  available10: integer('available_10').notNull(),
  available20: integer('available_20').notNull(),
  available30: integer('available_30').notNull(),
  available40: integer('available_40').notNull(),
  available50: integer('available_50').notNull(),
  min10: integer('min_10'),
  max10: integer('max_10'),
  min20: integer('min_20'),
  max20: integer('max_20'),
  min30: integer('min_30'),
  max30: integer('max_30'),
  min40: integer('min_40'),
  max40: integer('max_40'),
  min50: integer('min_50'),
  max50: integer('max_50'),
});

/**
 * The words of product names (lower case) and each one's lexeme, for fuzzy search: a typed word close to one of
 * these (pg_trgm word similarity) finds the products with that word in their name, through search_name_words. Words
 * are added by the products triggers of migration 0024 and never removed (a word no product has finds nothing).
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    lexeme: text('lexeme').notNull(),
  },
  (table) => [index('search_words_trgm_idx').using('gin', table.word.op('gin_trgm_ops'))],
);

/**
 * The words of each current product's name (lower case, split at every character that is not a letter or digit), one
 * row a word and product, with the product's name: a one-word search's fuzzy match checks that a candidate has the
 * close word in its name, and reads the name it ranks by, from one index (search_name_words_key: word, product_id,
 * with the name included; hand-written in migration 0027), instead of reading and splitting each candidate's name
 * from products. Kept in step with products by the triggers of migration 0027 (decision 0045).
 */
export const searchNameWords = pgTable(
  'search_name_words',
  {
    word: text('word').notNull(),
    productId: integer('product_id').notNull(),
    name: text('name').notNull(),
  },
  (table) => [index('search_name_words_product_idx').on(table.productId)],
);

/** A promotion a shopper applies with a code (case-insensitive: stored upper-case). */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    description: text('description').notNull(),
    kind: text('kind', { enum: ['percent', 'amount'] }).notNull(),
    /** Percent off merchandise (10 = 10%), or cents off merchandise. */
    value: integer('value').notNull(),
    minimumMerchandiseCents: integer('minimum_merchandise_cents').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerSession: integer('max_uses_per_session'),
    timesUsed: integer('times_used').notNull().default(0),
  },
  (table) => [check('promotions_value_positive', sql`${table.value} > 0`)],
);
export type PromotionRow = typeof promotions.$inferSelect;

/** Orders placed with a promotion, per session, for the per-session limit (written when an order is placed). */
export const promotionUses = pgTable(
  'promotion_uses',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    sessionId: uuid('session_id').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('promotion_uses_session_idx').on(table.promotionId, table.sessionId)],
);

/** The bag (the spec's temporary order): one per shopper session. */
export const carts = pgTable('carts', {
  id: uuid('id').primaryKey(),
  sessionId: uuid('session_id')
    .notNull()
    .unique()
    .references(() => userSessions.id, { onDelete: 'cascade' }),
  promotionId: integer('promotion_id').references(() => promotions.id),
  shipToStateProvince: text('ship_to_state_province'),
  shippingTypeId: text('shipping_type_id'),
  orderComments: text('order_comments'),
  email: text('email'),
  /** Set while an order is being paid for from this bag: a second checkout waits for it instead of charging twice. */
  checkoutOrderId: uuid('checkout_order_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type CartRow = typeof carts.$inferSelect;

/**
 * A line of the bag: a product in a metal (and size), or a charge line that belongs to one: the engraving's
 * additional characters (parent = the engraved line) or charm assembly.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['product', 'additional_characters', 'charm_assembly'] }).notNull(),
    parentItemId: uuid('parent_item_id').references((): AnyPgColumn => cartItems.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    metalId: smallint('metal_id').references(() => metals.id),
    braceletSize: doublePrecision('bracelet_size'),
    quantity: integer('quantity').notNull(),
    /**
     * product:metal:size on an unengraved product line, null on any other: adding the same again grows the line
     * with this key (one per bag, by the unique index) instead of starting another.
     */
    mergeKey: text('merge_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cart_items_cart_idx').on(table.cartId, table.createdAt),
    uniqueIndex('cart_items_merge_idx').on(table.cartId, table.mergeKey),
    // Deleting a line cascades to its engraving line through parent_item_id: without this, every delete scans the table.
    index('cart_items_parent_idx').on(table.parentItemId),
    check('cart_items_quantity_range', sql`${table.quantity} between 1 and 99`),
  ],
);
export type CartItemRow = typeof cartItems.$inferSelect;

/** What a shopper chose for a line beyond product and metal: the engraving's text and font. */
export const cartItemSpecifics = pgTable(
  'cart_item_specifics',
  {
    id: uuid('id').primaryKey(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => cartItems.id, { onDelete: 'cascade' }),
    name: text('name', { enum: ['engraving'] }).notNull(),
    text: text('text').notNull(),
    font: text('font').notNull(),
  },
  (table) => [index('cart_item_specifics_item_idx').on(table.itemId)],
);

/**
 * Secrets the shop makes for itself at its first start when none is configured (see src/secrets.ts): kept here so
 * that every instance on this database signs and checks with the same value.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters for rate limits, when no Redis is configured (REDIS_URL). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});


export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    /** What the shopper and the staff call the order, e.g. CB-100042. */
    number: text('number').notNull().unique(),
    sessionId: uuid('session_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    shippingAddress: jsonb('shipping_address').notNull(),
    billingAddress: jsonb('billing_address').notNull(),
    shippingTypeId: text('shipping_type_id').notNull(),
    shippingTypeName: text('shipping_type_name').notNull(),
    orderComments: text('order_comments'),
    giftMessage: text('gift_message'),
    merchandiseCents: integer('merchandise_cents').notNull(),
    engravingCents: integer('engraving_cents').notNull(),
    assemblyCents: integer('assembly_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    promotionId: integer('promotion_id').references(() => promotions.id),
    promoCode: text('promo_code'),
    estimatedShipDate: text('estimated_ship_date').notNull(),
    paymentGateway: text('payment_gateway').notNull(),
    paymentNonce: text('payment_nonce').notNull(),
    paymentTransactionId: text('payment_transaction_id'),
    cardDescription: text('card_description'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** web (checkout) or phone (taken by staff); a phone order names who took it. */
    source: text('source', { enum: ['web', 'phone'] }).notNull().default('web'),
    placedByStaffId: uuid('placed_by_staff_id').references((): AnyPgColumn => staffAccounts.id),
    /** card (through the gateway) or check (a phone order, awaiting_payment until staff mark it received). */
    paymentMethod: text('payment_method', { enum: ['card', 'check'] }).notNull().default('card'),
    /** What has been given back so far; the order is refunded once this reaches the total. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the GA4 purchase event was handed to the shopper's page: it is sent once per order. */
    purchaseEventSentAt: timestamp('purchase_event_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('orders_session_idempotency_idx').on(table.sessionId, table.idempotencyKey),
    index('orders_created_idx').on(table.createdAt),
    index('orders_status_created_idx').on(table.status, table.createdAt),
    check('orders_refund_within_total', sql`${table.refundedCents} between 0 and ${table.totalCents}`),
    index('orders_session_idx').on(table.sessionId, table.createdAt),
    index('orders_payment_nonce_idx').on(table.paymentNonce),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/** What was bought, as it was priced when the order was placed. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    kind: text('kind', { enum: ['product', 'additional_characters', 'charm_assembly'] }).notNull(),
    productId: integer('product_id'),
    name: text('name').notNull(),
    description: text('description').notNull(),
    metalId: smallint('metal_id'),
    braceletSize: doublePrecision('bracelet_size'),
    quantity: integer('quantity').notNull(),
    unitCents: integer('unit_cents').notNull(),
    lineCents: integer('line_cents').notNull(),
    engravingText: text('engraving_text'),
    engravingFont: text('engraving_font'),
    isPhotoArt: boolean('is_photo_art').notNull().default(false),
  },
  (table) => [index('order_lines_order_idx').on(table.orderId, table.position)],
);

/**
 * A shopper's photo for a PhotoArt line: first the bag line's, then (from checkout on) the order line's, kept after
 * the bag is emptied. The files are private (media/private-media.ts): random keys, never served by /api/media.
 * A line has at most one photo; replacing it removes the old row and files.
 */
export const photoArtUploads = pgTable(
  'photo_art_uploads',
  {
    id: uuid('id').primaryKey(),
    /** The session that uploaded it: only this session (and staff) may see it. */
    sessionId: uuid('session_id').notNull(),
    /** Null once the bag line is gone (ordered, or removed: then cleanup takes it unless an order line holds it). */
    cartItemId: uuid('cart_item_id').references(() => cartItems.id, { onDelete: 'set null' }),
    /** Set when checkout writes the order line; set null again if that unpaid order is abandoned. */
    orderLineId: uuid('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    previewKey: text('preview_key').notNull(),
    printKey: text('print_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    printBytes: integer('print_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('photo_art_uploads_cart_item_idx').on(table.cartItemId),
    uniqueIndex('photo_art_uploads_order_line_idx').on(table.orderLineId),
    index('photo_art_uploads_unordered_idx').on(table.createdAt).where(sql`${table.orderLineId} is null`),
  ],
);
export type PhotoArtUploadRow = typeof photoArtUploads.$inferSelect;

/** Every charge tried, kept for the books and for reconciling a charge whose outcome was not known. */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    orderNumber: text('order_number').notNull(),
    sessionId: uuid('session_id').notNull(),
    gateway: text('gateway').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['started', 'succeeded', 'declined', 'failed', 'voided', 'needs_reconciliation'] }).notNull(),
    transactionId: text('transaction_id'),
    processorResponseCode: text('processor_response_code'),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_attempts_order_idx').on(table.orderId), index('payment_attempts_status_idx').on(table.status)],
);

/** Emails to send; sent (and retried) from here so an email failure never touches the order. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Extra headers, such as a newsletter email's List-Unsubscribe pair (RFC 8058); null for none. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('email_outbox_order_kind_idx').on(table.orderId, table.kind), index('email_outbox_due_idx').on(table.status, table.nextAttemptAt)],
);

/** The people who run the shop. An owner also manages staff accounts. Passwords are kept only as scrypt hashes. */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['owner', 'staff'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** A disabled account cannot sign in, and its open sessions end at once. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('staff_accounts_email_lower_idx').on(sql`lower(${table.email})`)],
);
export type StaffAccountRow = typeof staffAccounts.$inferSelect;

/**
 * A signed-in staff member's session. The cookie carries a random token; only its SHA-256 is kept here, so a copy
 * of this table opens nothing. It ends 30 minutes after its last use, 12 hours after sign-in, or at sign-out.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ip: text('ip').notNull(),
  },
  (table) => [index('staff_sessions_staff_idx').on(table.staffId)],
);
export type StaffSessionRow = typeof staffSessions.$inferSelect;

/**
 * Who did what, when and from where: every staff action on an order, a content page or a staff account (and, on an
 * order, what the shopper and the shop's own jobs did). Rows are only ever added.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member who acted; null for the shopper or the shop itself (then `actor` says which). */
    staffId: uuid('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    /** The name shown: the staff member's name as it was, "Shopper" or "System". */
    actor: text('actor').notNull(),
    ip: text('ip'),
    subjectType: text('subject_type', { enum: ['order', 'content_page', 'staff_account'] }).notNull(),
    subjectId: text('subject_id').notNull(),
    action: text('action').notNull(),
    details: jsonb('details').notNull().default({}),
  },
  (table) => [index('audit_events_subject_idx').on(table.subjectType, table.subjectId, table.at)],
);
export type AuditEventRow = typeof auditEvents.$inferSelect;

/**
 * Money given back on an order. A refund is written as pending (its amount reserved against what is left) before
 * the gateway is asked, so two refunds at once can never give back more than was paid.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    /** void (an unsettled charge cancelled), refund (through the gateway) or manual (a check paid back by the shop). */
    method: text('method', { enum: ['void', 'refund', 'manual'] }).notNull(),
    /** What staff asked for: a refund, or the money back of a cancelled order (what an interrupted one completes). */
    purpose: text('purpose', { enum: ['refund', 'cancel'] }).notNull().default('refund'),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    transactionId: text('transaction_id'),
    message: text('message'),
    staffId: uuid('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_refunds_order_idx').on(table.orderId),
    index('order_refunds_pending_idx').on(table.updatedAt).where(sql`${table.status} = 'pending'`),
    check('order_refunds_positive', sql`${table.amountCents} > 0`),
  ],
);
export type OrderRefundRow = typeof orderRefunds.$inferSelect;

/**
 * Newsletter subscriptions, double opt-in: an address is only mailed the newsletter once its owner followed the
 * confirmation email's link. The link carries a random token; only its SHA-256 is kept here, so a copy of this
 * table confirms nothing. One row per address (local part as given, domain lower-cased), kept after an
 * unsubscribe so that the unsubscribe is remembered and the signed unsubscribe link (by id) keeps working.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'unsubscribed'] }).notNull(),
    /** The SHA-256 (hex) of the confirmation link's token; null once unsubscribed, so that link can no longer confirm. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    /** When the last confirmation email was queued: a repeated signup resends it only some minutes later. */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One row per inbox: the same address in other capitals is the same inbox (mail servers ignore case in practice).
    uniqueIndex('newsletter_subscriptions_email_idx').on(sql`lower(${table.email})`),
    uniqueIndex('newsletter_subscriptions_confirm_token_idx').on(table.confirmTokenHash),
  ],
);
export type NewsletterSubscriptionRow = typeof newsletterSubscriptions.$inferSelect;

/**
 * Who changed what in the shop's setup, when and from where: catalog, promotions and settings. One row per change,
 * written in the same transaction as the change; `changes` holds each changed field's value before and after.
 * Rows are only ever added. (Orders, content pages and staff accounts keep their trail in audit_events.)
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: uuid('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    /** The staff member's name as it was, so the trail reads the same after a rename or removal. */
    actor: text('actor').notNull(),
    ip: text('ip'),
    entityType: text('entity_type', { enum: AUDITED_ENTITIES }).notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').notNull().default({}),
  },
  (table) => [index('admin_audit_entity_idx').on(table.entityType, table.entityId, table.at)],
);
export type AdminAuditRow = typeof adminAudit.$inferSelect;

/**
 * The store's settings that staff change in the admin: one row (id 1), written by the migration with the values the
 * store started with. Prices are cents; a trigger announces a change on `catalog_changed`, so every instance drops
 * its cached copy (services/store-settings.ts). See docs/decisions/0026-store-settings.md.
 */
export const storeSettings = pgTable(
  'store_settings',
  {
    id: smallint('id').primaryKey().default(1),
    storeName: text('store_name').notNull(),
    phone: text('phone').notNull(),
    contactEmail: text('contact_email').notNull(),
    ordersEmail: text('orders_email').notNull(),
    photoArtEmail: text('photoart_email').notNull(),
    facebookUrl: text('facebook_url'),
    pinterestUrl: text('pinterest_url'),
    twitterUrl: text('twitter_url'),
    groundShippingCents: integer('ground_shipping_cents').notNull(),
    twoDayShippingCents: integer('two_day_shipping_cents').notNull(),
    nextDayShippingCents: integer('next_day_shipping_cents').notNull(),
    saturdayShippingCents: integer('saturday_shipping_cents').notNull(),
    engravingCentsPerCharacter: integer('engraving_cents_per_character').notNull(),
    engravingFreeMetalIds: integer('engraving_free_metal_ids').array().notNull(),
    assemblyFeeCents: integer('assembly_fee_cents').notNull(),
    /** "HH:MM", 24-hour, in time_zone. */
    sameDayCutoff: text('same_day_cutoff').notNull(),
    timeZone: text('time_zone').notNull(),
    /** "YYYY-MM-DD" days the store ships nothing, on top of the carriers' holidays. */
    closureDays: text('closure_days').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('store_settings_one_row', sql`${table.id} = 1`),
    check('store_settings_prices', sql`${table.groundShippingCents} >= 0 and ${table.twoDayShippingCents} >= 0 and ${table.nextDayShippingCents} >= 0 and ${table.saturdayShippingCents} >= 0 and ${table.engravingCentsPerCharacter} > 0 and ${table.assemblyFeeCents} > 0`),
  ],
);
export type StoreSettingsRow = typeof storeSettings.$inferSelect;
