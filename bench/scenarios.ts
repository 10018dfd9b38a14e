/** What `npm run bench` measures. Each scenario is one autocannon run against the API. */
export interface Scenario {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  /** The path whose response bytes the ceiling route answers with. */
  ceilingOf?: string;
}

export const scenarios: Scenario[] = [
  { name: 'GET /api/categories', method: 'GET', path: '/api/categories' },
  { name: 'GET /api/menu', method: 'GET', path: '/api/menu' },
  { name: 'POST /api/user-session', method: 'POST', path: '/api/user-session', body: { metalId: 10, braceletSize: 7 } },
];
