import { describe, expect, it, vi } from 'vitest';
import { installSessionHeader, withSessionHeader } from './session-fetch';

const ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
const options = { sessionId: () => ID, ownOrigins: ['https://shop.example'], baseUrl: 'https://shop.example/gold-charms' };

function headerSent(input: RequestInfo | URL, init?: RequestInit) {
  const [, finalInit] = withSessionHeader(input, init, options);
  return new Headers(finalInit?.headers).get('userSessionId');
}

describe('the userSessionId header', () => {
  it('goes with requests to the store itself, relative or absolute', () => {
    expect(headerSent('/api/shopping-cart')).toBe(ID);
    expect(headerSent('https://shop.example/api/products?path=/x')).toBe(ID);
    expect(headerSent(new URL('https://shop.example/gold-charms.data'))).toBe(ID);
  });

  it('never goes to another host, even one that looks alike', () => {
    expect(headerSent('https://www.googletagmanager.com/gtm.js')).toBeNull();
    expect(headerSent('https://shop.example.evil.test/api')).toBeNull();
    expect(headerSent('//evil.test/api')).toBeNull();
    expect(headerSent('http://shop.example/api')).toBeNull();
  });

  it('keeps a header the request already carries', () => {
    expect(headerSent('/api/user-session', { headers: { userSessionId: 'other' } })).toBe('other');
  });

  it('is not added before there is a session', () => {
    const [, init] = withSessionHeader('/api/x', undefined, { ...options, sessionId: () => null });
    expect(init).toBeUndefined();
  });

  it('is added by the installed fetch wrapper, which can be removed again', async () => {
    const calls: [RequestInfo | URL, RequestInit | undefined][] = [];
    const original = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push([input, init]);
      return new Response('{}');
    });
    const target = { fetch: original as unknown as typeof fetch };
    const restore = installSessionHeader(target, options);
    await target.fetch('/api/menu');
    await target.fetch('https://cdn.example/pic.png');
    expect(new Headers(calls[0]![1]?.headers).get('userSessionId')).toBe(ID);
    expect(new Headers(calls[1]![1]?.headers).get('userSessionId')).toBeNull();
    restore();
    expect(target.fetch).toBe(original);
  });
});
