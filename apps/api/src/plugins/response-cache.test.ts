import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache';

describe('ResponseCache.value', () => {
  it('keeps a found value, but loads again for a key that found nothing', async () => {
    const cache = new ResponseCache(60_000);
    let loads = 0;
    const load = (found: string | null) => async () => {
      loads += 1;
      return found;
    };
    expect(await cache.value('product-facts:1', load('facts'))).toBe('facts');
    expect(await cache.value('product-facts:1', load('other'))).toBe('facts');
    expect(await cache.value('product-facts:404', load(null))).toBeNull();
    expect(await cache.value('product-facts:404', load(null))).toBeNull();
    expect(loads).toBe(3);
  });

  it('evicts the least recently used value when full', async () => {
    const cache = new ResponseCache(60_000, 2);
    await cache.value('vocabulary', async () => 'words');
    await cache.value('a', async () => 'a');
    await cache.value('vocabulary', async () => 'reloaded'); // used again: now the most recent
    await cache.value('b', async () => 'b'); // full: 'a' goes
    expect(await cache.value('vocabulary', async () => 'reloaded')).toBe('words');
    expect(await cache.value('a', async () => 'a again')).toBe('a again');
  });
});
