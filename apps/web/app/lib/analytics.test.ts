import { describe, expect, it } from 'vitest';
import { dataLayerEntriesFor, envelopeOf, pageViewEvent, pushToDataLayer } from './analytics';

describe('analytics', () => {
  it('clears the ecommerce object before each ecommerce event', () => {
    const entries = dataLayerEntriesFor([{ event: 'view_item_list', ecommerce: { items: [] } }, { event: 'search', term: 'x' }]);
    expect(entries).toEqual([{ ecommerce: null }, { event: 'view_item_list', ecommerce: { items: [] } }, { event: 'search', term: 'x' }]);
  });

  it('creates window.dataLayer when it does not exist', () => {
    const target = {} as Window;
    pushToDataLayer(target, [{ event: 'page_view' }]);
    expect(target.dataLayer).toEqual([{ event: 'page_view' }]);
  });

  it('finds the envelope in loader data, whether it is the API answer itself or under seo', () => {
    const envelope = { htmlHeadTitle: 't', htmlHeadMetaKeywords: '', htmlHeadMetaDescription: '', canonicalUrl: '/', dataLayers: [] };
    expect(envelopeOf(envelope)).toBe(envelope);
    expect(envelopeOf({ seo: envelope, tiles: [] })).toBe(envelope);
    expect(envelopeOf({ tiles: [] })).toBeUndefined();
    expect(envelopeOf(null)).toBeUndefined();
  });

  it("never gives analytics the order link's token, and keeps the rest of the address", () => {
    const event = pageViewEvent('https://shop.example/order/confirmation/C1001?token=abc.def&utm_source=email#top', 'Thank you');
    expect(event).toEqual({ event: 'page_view', page_location: 'https://shop.example/order/confirmation/C1001?utm_source=email#top', page_title: 'Thank you' });
    expect(pageViewEvent('https://shop.example/order/confirmation/C1001?token=abc', 'Thank you').page_location).toBe('https://shop.example/order/confirmation/C1001');
    expect(pageViewEvent('https://shop.example/search?q=heart', 'Search').page_location).toBe('https://shop.example/search?q=heart');
  });
});
