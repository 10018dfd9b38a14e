import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache';

const page = (bytes: number, expiresAt = Number.POSITIVE_INFINITY) => ({ bytes, expiresAt });

describe('the page cache', () => {
  it('never holds more bytes than its bound, whatever is stored, asked for, grown or dropped', () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key: fc.integer({ min: 0, max: 40 }), bytes: fc.integer({ min: 1, max: 300 }) }),
      fc.record({ kind: fc.constant('get' as const), key: fc.integer({ min: 0, max: 40 }) }),
      fc.record({ kind: fc.constant('grow' as const), key: fc.integer({ min: 0, max: 40 }), bytes: fc.integer({ min: 1, max: 200 }) }),
      fc.record({ kind: fc.constant('drop' as const) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 2000 }), fc.array(operation, { maxLength: 200 }), (maxBytes, operations) => {
        const cache = new PageCache<ReturnType<typeof page>>(maxBytes);
        const stored = new Map<string, ReturnType<typeof page>>();
        for (const op of operations) {
          const key = 'key' in op ? `/page?${op.key}` : '';
          if (op.kind === 'set') stored.set(key, page(op.bytes));
          if (op.kind === 'set') cache.set(key, stored.get(key)!);
          if (op.kind === 'get') cache.get(key, 0);
          if (op.kind === 'grow') {
            const entry = cache.get(key, 0);
            if (entry) {
              entry.bytes += op.bytes;
              cache.grew(key, entry, op.bytes);
            }
          }
          if (op.kind === 'drop') cache.drop();
          expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
        }
        // The count is the sum of what is there, not a drifting tally.
        let sum = 0;
        for (const key of stored.keys()) sum += cache.get(key, 0)?.bytes ?? 0;
        expect(cache.bytes).toBe(sum);
      }),
    );
  });

  it('keeps the pages asked for again when a stream of one-off keys passes through', () => {
    const cache = new PageCache<ReturnType<typeof page>>(10_000);
    for (const popular of ['/', '/categories', '/faq']) {
      cache.set(popular, page(1_000));
      cache.get(popular, 0);
    }
    for (let i = 0; i < 1_000; i++) cache.set(`/products?hostile=${i}`, page(900));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    for (const popular of ['/', '/categories', '/faq']) expect(cache.get(popular, 0)).toBeDefined();
    expect(cache.get('/products?hostile=0', 0)).toBeUndefined();
  });

  it('serves an entry until it expires, and not a moment after', () => {
    const cache = new PageCache<ReturnType<typeof page>>(10_000);
    cache.set('/products/x', page(100, 5_000));
    expect(cache.get('/products/x', 4_999)).toBeDefined();
    expect(cache.get('/products/x', 5_000)).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('does not keep a page larger than an eighth of the bound', () => {
    const cache = new PageCache<ReturnType<typeof page>>(8_000);
    cache.set('/huge', page(1_001));
    expect(cache.get('/huge', 0)).toBeUndefined();
    cache.set('/fits', page(1_000));
    expect(cache.get('/fits', 0)).toBeDefined();
  });

  it('renders once for concurrent requests of one key, and stores what it made', async () => {
    const cache = new PageCache<ReturnType<typeof page>>(10_000);
    let renders = 0;
    let finish: (value: string) => void = () => {};
    const render = () => {
      renders++;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const answers = Promise.all(Array.from({ length: 5 }, () => cache.once('/faq', render, () => page(10))));
    finish('the faq');
    expect(await answers).toEqual(Array(5).fill('the faq'));
    expect(renders).toBe(1);
    expect(cache.get('/faq', 0)).toBeDefined();
  });

  it('does not store a render that began before a drop, nor let a later request wait for it', async () => {
    const cache = new PageCache<ReturnType<typeof page>>(10_000);
    const finishers: ((value: string) => void)[] = [];
    const render = () => new Promise<string>((resolve) => finishers.push(resolve));
    const before = cache.once('/faq', render, () => page(10));
    cache.drop();
    const after = cache.once('/faq', render, () => page(10));
    expect(finishers).toHaveLength(2);
    finishers[0]!('old faq');
    expect(await before).toBe('old faq');
    expect(cache.get('/faq', 0)).toBeUndefined();
    finishers[1]!('new faq');
    expect(await after).toBe('new faq');
    expect(cache.get('/faq', 0)).toBeDefined();
  });

  it('lets a failed render fail its callers, keeping nothing', async () => {
    const cache = new PageCache<ReturnType<typeof page>>(10_000);
    await expect(cache.once('/faq', () => Promise.reject(new Error('the API is down')), () => page(10))).rejects.toThrow('the API is down');
    expect(cache.get('/faq', 0)).toBeUndefined();
    expect(await cache.once('/faq', async () => 'fine now', () => page(10))).toBe('fine now');
  });
});
