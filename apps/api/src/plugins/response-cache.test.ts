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

describe('ResponseCache.answer', () => {
  const text = (body: string) => async () => body;

  it('keeps the bytes it made, with a weak ETag of them, until the catalog changes', async () => {
    const cache = new ResponseCache(60_000);
    const first = await cache.answer('/api/menu', text('{"menu":"é"}'));
    expect(first.body.equals(Buffer.from('{"menu":"é"}'))).toBe(true);
    expect(first.etag).toMatch(/^W\/".+"$/);
    expect(cache.answerFor('/api/menu')).toBe(first);
    cache.clear();
    expect(cache.answerFor('/api/menu')).toBeUndefined();
  });

  it('makes an answer once for concurrent requests of one address', async () => {
    const cache = new ResponseCache(60_000);
    let makes = 0;
    const make = async () => {
      makes += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return '{}';
    };
    const answers = await Promise.all([cache.answer('/a', make), cache.answer('/a', make), cache.answer('/a', make)]);
    expect(makes).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('does not keep an answer made from what was read before a catalog change', async () => {
    const cache = new ResponseCache(60_000);
    let finish!: (body: string) => void;
    const made = cache.answer('/a', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear(); // the change is announced while the answer is being made
    finish('{"stale":true}');
    expect((await made).body.toString()).toBe('{"stale":true}'); // the request that asked still gets it
    expect(cache.answerFor('/a')).toBeUndefined();
    expect((await cache.answer('/a', text('{"fresh":true}'))).body.toString()).toBe('{"fresh":true}');
  });

  it('keeps nothing while it is bypassed (catalog changes cannot be heard)', async () => {
    const cache = new ResponseCache(60_000);
    cache.enabled = false;
    let makes = 0;
    const make = async () => `{"n":${++makes}}`;
    expect((await cache.answer('/a', make)).body.toString()).toBe('{"n":1}');
    expect((await cache.answer('/a', make)).body.toString()).toBe('{"n":2}');
  });

  it('stays within its bytes, evicting the least recently used answers', async () => {
    const cache = new ResponseCache(60_000, 100, 10);
    await cache.answer('/a', text('aaaa'));
    await cache.answer('/b', text('bbbb'));
    cache.answerFor('/a'); // used again: now the most recent
    await cache.answer('/c', text('cccc')); // 12 bytes would not fit: '/b' goes
    expect(cache.answerFor('/b')).toBeUndefined();
    expect(cache.answerFor('/a')?.body.toString()).toBe('aaaa');
    expect(cache.answerFor('/c')?.body.toString()).toBe('cccc');
    await cache.answer('/big', text('x'.repeat(11))); // larger than the whole budget: sent, not kept
    expect(cache.answerFor('/big')).toBeUndefined();
    expect(cache.answerFor('/a')).toBeDefined();
  });

  it('forgets an answer once it expires', async () => {
    const cache = new ResponseCache(1);
    await cache.answer('/a', text('{}'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(cache.answerFor('/a')).toBeUndefined();
  });
});
