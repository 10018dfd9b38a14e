import type { ProductDetail } from '@charms/contracts/catalog';
import { canonicalHref } from '@charms/domain/seo';

/**
 * schema.org structured data for a product page: a Product with one Offer per metal it is made in, and the page's
 * BreadcrumbList. URLs are absolute (PUBLIC_BASE_URL); prices are decimal strings in US dollars.
 */
export function productJsonLd(product: ProductDetail, baseUrl: string) {
  const absolute = (path: string) => canonicalHref(baseUrl, path);
  const availability = product.leadTime ? 'https://schema.org/MadeToOrder' : 'https://schema.org/InStock';
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: product.images.map((image) => absolute(image.url)),
    sku: String(product.id),
    brand: { '@type': 'Brand', name: product.brand },
    category: product.categories[0]?.categoryName,
    url: absolute(product.path),
    offers: product.offers.flatMap((offer) =>
      offer.price
        ? [
            {
              '@type': 'Offer',
              name: offer.metal.name,
              sku: `${product.id}-${offer.metal.slug}`,
              price: (offer.price.cents / 100).toFixed(2),
              priceCurrency: 'USD',
              availability,
              itemCondition: 'https://schema.org/NewCondition',
              url: absolute(offer.path),
            },
          ]
        : [],
    ),
  };
}

export function breadcrumbJsonLd(breadcrumbs: readonly { name: string; path: string }[], baseUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: breadcrumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: canonicalHref(baseUrl, crumb.path),
    })),
  };
}

/**
 * JSON for inside a <script> element: `<`, `>` and `&` become \u escapes so no text (a product name with
 * "</script>", say) can end the element early; U+2028/2029 too, for old JavaScript parsers. Still valid JSON.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
