import type { ProductDetailQuery, ProductDetailResponse } from '@charms/contracts/catalog';
import { parseProductPath } from '@charms/domain/catalog-paths';
import { ENGRAVING_FONTS, isEngravingFree } from '@charms/domain/engraving';
import { ga4Item } from '@charms/domain/ga4';
import { type StoreSettings, shipCalendarOf } from '@charms/domain/store-settings';
import { DEFAULT_METAL_ID, METALS, type Metal, findMetalById, findMetalBySlug } from '@charms/domain/metals';
import { estimateShipDate } from '@charms/domain/ship-dates';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { HttpError, notFound } from '../http-error';
import { type SummaryRow, imageUrl, money, pathOf, pickSize, toSummary } from './catalog-presenters';
import { photosForMetal, photosOfProducts, presentPhoto, withListingPhotos } from './photo-presenters';

export interface DetailContext {
  db: Db;
  /** The store settings: its name for titles, engraving prices, the ship-date calendar. */
  settings: StoreSettings;
  now: () => Date;
}

interface ProductRow extends SummaryRow {
  description: string;
  clasp: string | null;
  engravingFonts: string[];
  leadTimeMinDays: number | null;
  leadTimeMaxDays: number | null;
  returnable: boolean;
  primaryCategoryName: string;
  retired: boolean;
  seoTitle: string;
  seoDescription: string;
}

const notAProduct = () => notFound('We could not find that product. It may no longer be made; try searching for it.');

async function loadProduct(db: Db, id: number) {
  const result = await queryRows<ProductRow>(db,sql`
    select p.id, p.name, p.slug, p.kind, p.brand, p.shape, p.sizes, p.is_photo_art as "isPhotoArt",
           p.engraving_max_chars as "engravingMaxChars", p.engraving_fonts as "engravingFonts", p.description, p.clasp,
           p.lead_time_min_days as "leadTimeMinDays", p.lead_time_max_days as "leadTimeMaxDays", p.returnable,
           p.retired_at is not null as retired, p.seo_title as "seoTitle", p.seo_description as "seoDescription",
           c.url_friendly_name as "primaryCategorySlug", c.category_name as "primaryCategoryName", null as "priceCents"
    from products p join categories c on c.id = p.primary_category_id
    where p.id = ${id}`, { prepared: true });
  const product = result[0];
  if (!product) return undefined;
  const [prices, categories] = await Promise.all([
    queryRows<{ metalId: number; priceCents: number; available: boolean }>(db,
      sql`select metal_id as "metalId", price_cents as "priceCents", available from product_prices where product_id = ${id}`,
      { prepared: true },
    ),
    queryRows<{ categoryName: string; urlFriendlyName: string }>(db,sql`
      select c.category_name as "categoryName", c.url_friendly_name as "urlFriendlyName"
      from product_categories pc join categories c on c.id = pc.category_id join products p on p.id = pc.product_id
      where pc.product_id = ${id} order by (c.id = p.primary_category_id) desc, c.category_name`, { prepared: true }),
  ]);
  return {
    product: { ...product, sizes: product.sizes ?? [], engravingFonts: product.engravingFonts ?? [] },
    prices: new Map(prices.map((row) => [Number(row.metalId), Number(row.priceCents)])),
    soldOut: new Set(prices.filter((row) => !row.available).map((row) => Number(row.metalId))),
    categories: categories,
  };
}

/**
 * A product page's related products: the best sellers on sale in its category, read in order from
 * products_related_idx (migration 0028, decision 0047). Without it PostgreSQL walked every product by sales until
 * it found eight of the category: 100 ms for a category of three on 100,000 products.
 */
async function relatedProducts(db: Db, product: ProductRow, metal: Metal) {
  const result = await queryRows<SummaryRow>(db,sql`
    select p.id, p.name, p.slug, p.kind, p.brand, p.shape, p.sizes, p.is_photo_art as "isPhotoArt",
           p.engraving_max_chars as "engravingMaxChars", c.url_friendly_name as "primaryCategorySlug", pp.price_cents as "priceCents"
    from products p
    join categories c on c.id = p.primary_category_id
    join product_prices pp on pp.product_id = p.id and pp.metal_id = ${metal.id} and pp.available
    where p.retired_at is null and p.primary_category_id = (select primary_category_id from products where id = ${product.id}) and p.id <> ${product.id}
    order by p.units_sold desc, p.id limit 8`, { prepared: true });
  return withListingPhotos(db, result.map((row) => toSummary({ ...row, sizes: row.sizes ?? [] }, metal)));
}

/**
 * A retired product's page is gone (404), but says so and where to look instead: its category in the same metal.
 * The details carry the category so the storefront can link it.
 */
function retiredProduct(product: ProductRow, metalSlug: string | null) {
  const metal = (metalSlug ? findMetalBySlug(metalSlug) : undefined) ?? findMetalById(DEFAULT_METAL_ID)!;
  return new HttpError(404, 'PRODUCT_RETIRED', `${product.name} is no longer available. Browse ${product.primaryCategoryName} for others like it.`, {
    name: product.name,
    category: { name: product.primaryCategoryName, path: `/products/category/${metal.slug}/${product.primaryCategorySlug}` },
  });
}

/** GET /products/detail: a product in the metal (and size) of its path, or the canonical path to redirect to. */
export async function getProductDetail(context: DetailContext, query: ProductDetailQuery): Promise<ProductDetailResponse> {
  const parsed = parseProductPath(query.path);
  if (!parsed) throw notAProduct();
  const loaded = await loadProduct(context.db, parsed.id);
  if (!loaded) throw notAProduct();
  const { product, prices, soldOut, categories } = loaded;
  if (product.retired) throw retiredProduct(product, parsed.metalSlug);

  const metal = (parsed.metalSlug ? findMetalBySlug(parsed.metalSlug) : undefined) ?? findMetalById(query.metalId ?? DEFAULT_METAL_ID)!;
  const size = product.kind === 'bracelet' ? pickSize(product.sizes, parsed.sizeInches ?? query.braceletSize) : null;
  const canonical = pathOf(product, metal, size);
  const requested = query.path.split(/[?#]/, 1)[0]!.replace(/\/+$/, '');
  if (requested !== canonical) return { kind: 'redirect', redirectTo: canonical };

  const priceCents = prices.get(metal.id) ?? null;
  const available = priceCents !== null && !soldOut.has(metal.id);
  const summary = toSummary({ ...product, priceCents, available }, metal, size);
  const related = await relatedProducts(context.db, product, metal);
  const photos = photosForMetal((await photosOfProducts(context.db, [product.id])).get(product.id) ?? [], metal.id).map((row) => presentPhoto(row, product.name));
  const categoryPath = `/products/category/${metal.slug}/${product.primaryCategorySlug}`;
  const sizeText = size ? `, ${size} inch` : '';

  return {
    kind: 'product',
    // Staff's own words for search engines, when they wrote them, over the ones made from the name and description.
    htmlHeadTitle: product.seoTitle || `${product.name} in ${metal.name}${sizeText} | ${context.settings.storeName}`,
    htmlHeadMetaKeywords: [product.name, metal.name, product.primaryCategoryName, 'Rembrandt charms'].join(', '),
    htmlHeadMetaDescription: product.seoDescription || `${product.description} ${priceCents === null ? '' : `${money(priceCents).display} in ${metal.name}.`}`.trim().slice(0, 300),
    canonicalUrl: canonical,
    dataLayers: [
      {
        event: 'view_item',
        ecommerce: { currency: 'USD', ...(priceCents === null ? {} : { value: priceCents / 100 }), items: [ga4Item(summary, metal.name, 0)] },
      },
    ],
    product: {
      id: product.id,
      name: product.name,
      slug: product.slug,
      description: product.description,
      brand: product.brand,
      kind: product.kind,
      path: canonical,
      images:
        photos.length > 0
          ? photos.map((photo) => {
              const largest = photo.sources.filter((source) => source.format === 'jpeg').at(-1)!;
              return { url: largest.url, alt: photo.alt, width: largest.width, height: largest.height };
            })
          : [{ url: imageUrl(product, metal.slug), alt: `${product.name} in ${metal.name}`, width: 480, height: 480 }],
      photos,
      categories,
      metal: { id: metal.id, slug: metal.slug, name: metal.name },
      price: priceCents === null ? null : money(priceCents),
      available,
      offers: METALS.map((offerMetal) => {
        const cents = prices.get(offerMetal.id);
        return {
          metal: { id: offerMetal.id, slug: offerMetal.slug, name: offerMetal.name },
          price: cents === undefined ? null : money(cents),
          available: cents !== undefined && !soldOut.has(offerMetal.id),
          path: pathOf(product, offerMetal, size),
        };
      }),
      sizes: product.sizes,
      braceletSize: size,
      clasp: product.clasp,
      engraving:
        product.engravingMaxChars === null
          ? null
          : {
              maxCharacters: product.engravingMaxChars,
              fonts: ENGRAVING_FONTS.filter((font) => product.engravingFonts.includes(font.id)).map(({ id, name }) => ({ id, name })),
              pricePerCharacter: money(context.settings.engraving.centsPerCharacter),
              freeInThisMetal: isEngravingFree(metal.id, context.settings.engraving),
            },
      isPhotoArt: product.isPhotoArt,
      leadTime: product.leadTimeMinDays === null || product.leadTimeMaxDays === null ? null : { minDays: product.leadTimeMinDays, maxDays: product.leadTimeMaxDays },
      returnable: product.returnable,
      estimatedShipDate: estimateShipDate(context.now(), shipCalendarOf(context.settings), { leadTimeDays: product.leadTimeMaxDays ?? 0 }),
      breadcrumbs: [
        { name: 'Home', path: '/' },
        { name: product.primaryCategoryName, path: categoryPath },
        { name: product.name, path: canonical },
      ],
      related,
    },
  };
}
