import { describe, expect, it } from 'vitest';
import { createStorefrontCookies } from '../lib/cookies.server';
import { noticeCookie, takeNotice } from './bag-notice.server';

// happy-dom's Request drops the Cookie header as a browser would; loaders run on the server, where it is kept.
const request = (url: string, cookie: string | null = null) => ({ url, headers: { get: (name: string) => (name === 'cookie' ? cookie : null) } }) as unknown as Request;

const { bagNotice } = createStorefrontCookies('a'.repeat(64));
const result = { intent: 'promo', ok: false, message: 'That promo code has expired.' };

describe('the bag notice cookie', () => {
  it('carries a form’s message to the next page once, HttpOnly and SameSite=Lax, Secure over HTTPS', async () => {
    const plain = await noticeCookie(bagNotice, request('http://shop.example/order'), result);
    expect(plain).toMatch(/^bag-notice=[^;]+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/);
    const secure = await noticeCookie(bagNotice, request('https://shop.example/order'), result);
    expect(secure).toContain('; Secure');

    const taken = await takeNotice(bagNotice, request('https://shop.example/order', plain.split(';')[0]!));
    expect(taken.notice).toEqual(result);
    expect(taken.clear).toMatch(/^bag-notice=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it('shows no message that this shop did not sign, and clears it', async () => {
    const planted = `bag-notice=${encodeURIComponent(JSON.stringify({ intent: 'promo', ok: true, message: 'Call 1-900-555-0000 to claim a refund.' }))}`;
    const taken = await takeNotice(bagNotice, request('http://shop.example/order', planted));
    expect(taken.notice).toBeNull();
    expect(taken.clear).toContain('Max-Age=0');

    const otherSecret = createStorefrontCookies('b'.repeat(64)).bagNotice;
    const signedElsewhere = (await noticeCookie(otherSecret, request('http://shop.example/order'), result)).split(';')[0]!;
    expect((await takeNotice(bagNotice, request('http://shop.example/order', signedElsewhere))).notice).toBeNull();
  });

  it('carries what an add put in the bag, so the page it lands on shows the mini-bag without JavaScript', async () => {
    const added = { intent: 'add', ok: true, message: 'Added to your bag.', added: { productId: 1889, metalId: 10, braceletSize: null, quantity: 2, engraving: { text: 'Love', font: 'script' } } };
    const cookie = (await noticeCookie(bagNotice, request('http://shop.example/p'), added)).split(';')[0]!;
    expect((await takeNotice(bagNotice, request('http://shop.example/p', cookie))).notice).toEqual(added);
  });

  it('changes nothing when there is no notice', async () => {
    expect(await takeNotice(bagNotice, request('http://shop.example/order', 'shopper-prefs=x'))).toEqual({ notice: null, clear: null });
  });
});
