/**
 * GA4 e-commerce items, as the shop pushes them to window.dataLayer: prices in dollars, as GA4 expects. The API
 * writes them into its answers' dataLayers; a listing page leaves its list's items out of the data it writes into
 * the page and builds them again in the browser from the products it shows, with these same functions
 * (apps/web/app/lib/analytics.ts says why).
 */

/** What an item needs of a product: its id, its name and its price in the metal shown (null: not offered in it). */
export interface Ga4Product {
  id: number;
  name: string;
  price: { cents: number } | null;
}

export function ga4Item(product: Ga4Product, metalName: string, index: number, listName?: string) {
  return {
    item_id: String(product.id),
    item_name: product.name,
    item_brand: 'Rembrandt',
    item_variant: metalName,
    index,
    ...(listName ? { item_list_name: listName } : {}),
    ...(product.price ? { price: product.price.cents / 100 } : {}),
  };
}

/** A list's items (view_item_list, view_search_results): each product at its place in the list. */
export function ga4ListItems(products: readonly Ga4Product[], metalName: string, listName: string) {
  return products.map((product, index) => ga4Item(product, metalName, index, listName));
}
