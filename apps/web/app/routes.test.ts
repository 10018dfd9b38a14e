import { reservedBy } from '@charms/contracts/admin-content';
import { describe, expect, it } from 'vitest';
import routes from './routes';

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every page path the route table claims, as a concrete URL: :params and * filled with a sample word. */
function claimedPaths(entries: readonly RouteEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent || '/' : `${parent}/${(entry.path ?? '').replace(/^\//, '')}`;
    const sample = path.replace(/:\w+\??/g, 'sample').replace(/\*/g, 'sample');
    return [...(entry.index || entry.path ? [sample] : []), ...claimedPaths(entry.children ?? [], path === '/' ? '' : path)];
  });
}

describe('the paths content pages may not use', () => {
  it('cover every page of the storefront’s route table except the catch-all', () => {
    const claimed = claimedPaths(routes as RouteEntry[]).filter((path) => path !== '/sample');
    expect(claimed.length).toBeGreaterThan(30);
    expect(claimed.filter((path) => reservedBy(path) === undefined)).toEqual([]);
  });

  it('leave the catch-all’s paths free', () => {
    expect(reservedBy('/engraving-guide')).toBeUndefined();
    expect(reservedBy('/orders-and-returns')).toBeUndefined();
    expect(reservedBy('/Order/Process')).toBe('/order');
  });
});
