/** What `npm run bench` measures. Each scenario is one autocannon run against the API. */
export type CatalogSize = 'standard' | 'large';

/** Products found in the catalog before measuring. */
export interface Sample {
  productPath: string;
  charmId: number;
  /** A charm that takes engraving. */
  engravableId: number;
  braceletId: number;
}

export interface Scenario {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  /** A path, or a function of a sample product page path found before measuring. */
  path: string | ((sample: Sample) => string);
  body?: unknown;
  /** Which catalogs to run it on. */
  catalogs: CatalogSize[];
  /** Measure against an instance whose catalog cache is off (every request queries the database). */
  uncached?: boolean;
  /** Spread the requests over this many shopper sessions (userSessionId header, round robin). */
  sessions?: number;
  /** What each session's bag holds before measuring (add-to-bag bodies); without it, sessions start empty. */
  bag?: (sample: Sample) => unknown[];
  /**
   * Checkout: this many sessions each get a bag (see `bag`), and each request places one of those bags' orders
   * (a fresh idempotency key each), so every request is a real, distinct order.
   */
  orders?: number;
  connections?: number;
  /**
   * Offered load in requests/s, evenly spaced, over at most `connections` connections (bench/paced.ts): the
   * latency a shopper sees at that traffic, instead of at the machine's limit.
   */
  rate?: number;
}

const listing = '/api/products?path=/products/category/Heart-Charms&pageSize=48&metalId=40';

/** A bag as shoppers fill it: a charm, an engraved charm (and its engraving line), a bracelet. */
const typicalBag = (sample: Sample) => [
  { productId: sample.charmId, metalId: 40, quantity: 1 },
  { productId: sample.engravableId, metalId: 40, quantity: 1, engraving: { text: 'Ava', font: 'script' } },
  { productId: sample.braceletId, metalId: 40, quantity: 1 },
];
const search = '/api/products?path=/products/search/heart&pageSize=48';

/** A scenario saturated, then the same at an offered rate. */
function andOffered(scenario: Scenario, rate: number, unit: string): Scenario[] {
  return [scenario, { ...scenario, name: `${scenario.name}, offered ${rate.toLocaleString('en-US')} ${unit}`, rate }];
}

export const scenarios: Scenario[] = [
  { name: 'GET /api/categories', method: 'GET', path: '/api/categories', catalogs: ['standard', 'large'] },
  { name: 'GET /api/menu', method: 'GET', path: '/api/menu', catalogs: ['standard', 'large'] },
  { name: 'POST /api/user-session', method: 'POST', path: '/api/user-session', body: { metalId: 10, braceletSize: 7 }, catalogs: ['standard', 'large'] },
  { name: 'category listing, 48 items (cache warm)', method: 'GET', path: listing, catalogs: ['standard', 'large'] },
  { name: 'category listing, 48 items (no cache)', method: 'GET', path: listing, catalogs: ['standard', 'large'], uncached: true },
  { name: 'search "heart", 48 items (cache warm)', method: 'GET', path: search, catalogs: ['standard', 'large'] },
  { name: 'search "heart", 48 items (no cache)', method: 'GET', path: search, catalogs: ['standard', 'large'], uncached: true },
  {
    name: 'category listing filtered by kind and price, with counts (no cache)',
    method: 'GET',
    path: '/api/products?path=/products/category/Heart-Charms&pageSize=48&metalId=40&kind=engravable&minPrice=20&maxPrice=80',
    catalogs: ['standard', 'large'],
    uncached: true,
  },
  { name: 'whole catalog /products, 48 items (no cache)', method: 'GET', path: '/api/products?path=/products&pageSize=48&metalId=40', catalogs: ['standard', 'large'], uncached: true },
  { name: 'search typo "dgo" corrected (no cache)', method: 'GET', path: '/api/products?path=/products/search/dgo&pageSize=48', catalogs: ['standard', 'large'], uncached: true },
  {
    name: 'product detail (cache warm)',
    method: 'GET',
    path: ({ productPath }) => `/api/products/detail?path=${encodeURIComponent(productPath)}`,
    catalogs: ['standard', 'large'],
  },
  {
    name: 'product detail (no cache)',
    method: 'GET',
    path: ({ productPath }) => `/api/products/detail?path=${encodeURIComponent(productPath)}`,
    catalogs: ['standard', 'large'],
    uncached: true,
  },
  ...andOffered(
    {
      name: 'add to a bag of 4 lines (2,000 sessions)',
      method: 'POST',
      path: '/api/shopping-cart/items',
      body: { productId: 1001, metalId: 40, quantity: 1 },
      catalogs: ['standard', 'large'],
      sessions: 2000,
      bag: typicalBag,
    },
    500,
    'requests/s',
  ),
  ...andOffered(
    { name: 'get bag of 4 lines (2,000 sessions)', method: 'GET', path: '/api/shopping-cart?includeSuggestedItems=true', catalogs: ['standard', 'large'], sessions: 2000, bag: typicalBag },
    1000,
    'requests/s',
  ),
  ...andOffered(
    {
      name: 'complete order, test gateway (3,000 distinct bags of 4 lines, 16 connections)',
      method: 'POST',
      path: '/api/shopping-cart/complete-order',
      catalogs: ['standard', 'large'],
      bag: typicalBag,
      orders: 3000,
      connections: 16,
    },
    150,
    'orders/s',
  ),
];

/** The order body every checkout request sends (with its own idempotency key). */
export const checkoutBody = {
  paymentMethodNonce: 'fake-valid-visa-nonce',
  customer: { email: 'bench@example.com', phone: '512-555-0142' },
  shippingAddress: { firstName: 'Bench', lastName: 'Mark', address1: '1 Main St', city: 'Austin', stateProvince: 'TX', postalCode: '78701', country: 'US' },
  shippingTypeId: 'ground',
};
