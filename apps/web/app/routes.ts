import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { GIFT_PAGES } from './content/gift-pages';
import { LANDING_PAGES } from './content/landing-pages';

/**
 * Every page of the storefront. Routes are matched by specificity, not by order, so the catch-all `*`
 * (CMS page, else not found) only gets paths nothing else claims. The catalog's routes (products, categories,
 * sitemap) go in their own block below.
 */
export default [
  // Storefront shell, landing, gift and content pages (issue 4).
  index('routes/home.tsx'),
  ...LANDING_PAGES.map((page) => route(page.path, 'routes/charm-landing.tsx', { id: `landing${page.path}` })),
  ...GIFT_PAGES.map((page) => route(page.path, 'routes/gift-ideas.tsx', { id: `gift${page.path}` })),
  route('girl-charm-bracelets', 'routes/girl-charm-bracelets.tsx'),
  route('contact-us', 'routes/contact-us.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('about-us', 'routes/about-us.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('newsletter', 'routes/newsletter.tsx'),
  route('newsletter/confirm', 'routes/newsletter-confirm.tsx'),
  route('newsletter/unsubscribe', 'routes/newsletter-unsubscribe.tsx'),
  route('preferences', 'routes/preferences.ts'),
  route('robots.txt', 'routes/robots-txt.ts'),
  route('art/*', 'routes/art-image.ts'),

  // Catalog (issue 3).
  route('categories', 'routes/categories.tsx'),
  route('categories/:first/:second?', 'routes/catalog-listing.tsx', { id: 'catalog/categories' }),
  route('products/category/:first/:second?', 'routes/catalog-listing.tsx', { id: 'catalog/products-category' }),
  route('products/search/*', 'routes/catalog-listing.tsx', { id: 'catalog/products-search' }),
  route('products', 'routes/catalog-listing.tsx', { id: 'catalog/products' }),
  route('products/:metal', 'routes/catalog-listing.tsx', { id: 'catalog/products-metal' }),
  route('products/:category/:metal/:slug/:id', 'routes/product-detail.tsx', { id: 'catalog/product' }),
  route('products/:category/:metal/:size/:slug/:id', 'routes/product-detail.tsx', { id: 'catalog/product-sized' }),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('Gold_Plate-Charm_Bracelets', 'routes/gold-plate-bracelets.ts'),

  // Bag (issue 5).
  route('order', 'routes/order.tsx'),
  route('order/photo/:itemUuid', 'routes/bag-photo.ts'),
  // The bag's count and total as JSON, for the header and mini-bag of pages that are the same for every shopper.
  route('order/summary', 'routes/bag-summary.ts'),

  // Checkout (issue 6).
  route('order/process', 'routes/order-process.tsx'),
  route('order/confirmation/:number', 'routes/order-confirmation.tsx'),

  // The staff side: the sign-in page, and the admin behind it (app/admin/; its code loads only on these pages).
  route('account', 'admin/routes/sign-in.tsx'),
  route('admin', 'admin/routes/layout.tsx', { id: 'admin' }, [
    index('admin/routes/dashboard.tsx'),
    route('orders', 'admin/routes/orders.tsx'),
    route('orders/:id', 'admin/routes/order-detail.tsx'),
    route('orders/:id/packing-slip', 'admin/routes/packing-slip.tsx'),
    route('phone-order', 'admin/routes/phone-order.tsx'),
    route('content', 'admin/routes/content.tsx'),
    route('content/edit', 'admin/routes/content-edit.tsx'),
    route('promotions', 'admin/routes/promotions.tsx'),
    route('promotions/new', 'admin/routes/promotion-new.tsx'),
    route('promotions/:id', 'admin/routes/promotion-detail.tsx'),
    route('settings', 'admin/routes/settings.tsx'),
    route('products', 'admin/routes/products.tsx'),
    route('products/new', 'admin/routes/product-new.tsx'),
    route('products/:id', 'admin/routes/product-detail.tsx'),
    route('activity', 'admin/routes/activity.tsx'),
    route('products/import', 'admin/routes/product-import.tsx'),
    route('products/:id/photos', 'admin/routes/product-photos.tsx'),
    route('categories', 'admin/routes/categories.tsx'),
    route('categories/:id', 'admin/routes/category-detail.tsx'),
    route('staff', 'admin/routes/staff.tsx'),
    route('sign-out', 'admin/routes/sign-out.tsx'),
    route('*', 'admin/routes/not-found.tsx', { id: 'admin/not-found' }),
  ]),

  // Last resort: a CMS page for the path, else the not-found page with status 404.
  route('*', 'routes/cms-page.tsx'),
] satisfies RouteConfig;
