import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type AppLoadContext, createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AssemblySuggestion } from '../bag/bag-lines';
import type { StoreInfo } from '../lib/context';
import AboutUs, { loader as aboutUsLoader } from './about-us';
import Faq, { loader as faqLoader } from './faq';
import GiftIdeas, { loader as giftLoader } from './gift-ideas';
import Home, { loader as homeLoader } from './home';

/**
 * The static pages say the store's terms from its settings: with other prices, cutoff and time zone than the store
 * opened with, no page may still say $14.75, $0.75, $9.95 or "12 noon Central time".
 */
const changed: StoreInfo = {
  name: 'Charm Test Co.',
  phone: '1-800-555-0199',
  photoArtEmail: 'photo@test.example',
  contactEmail: 'help@test.example',
  publicBaseUrl: 'https://test.example',
  robots: 'noindex',
  gtmId: undefined,
  socialLinks: [],
  sameDayCutoff: '2:30 p.m.',
  timeZone: 'America/New_York',
  shippingPrices: { ground: 0, 'two-day': 1850, 'next-day': 2600, saturday: 4200 },
  engraving: { centsPerCharacter: 90, freeMetalIds: [10] },
  assemblyFeeCents: 1250,
};
const context = { store: changed, api: { getCategories: async () => ({ categories: [] }) } } as unknown as AppLoadContext;

async function renderPage(Component: unknown, loader: (args: never) => unknown, url = 'https://test.example/') {
  const loaderData = await loader({ context, request: new Request(url), params: {} } as never);
  const Page = Component as (props: { loaderData: unknown }) => ReactNode;
  const Stub = createRoutesStub([{ path: '*', Component: () => <Page loaderData={loaderData} /> }]);
  render(<Stub initialEntries={[new URL(url).pathname]} />);
  return document.body.textContent ?? '';
}

function expectNoOldTerms(text: string) {
  for (const old of ['$14.75', '$24.95', '$39.75', '$0.75', '$9.95', '12 noon', 'Central time']) expect(text).not.toContain(old);
}

describe('the static pages follow the store settings', () => {
  it('the FAQ says the shipping prices, engraving price and free metals, cutoff and assembly fee', async () => {
    const text = await renderPage(Faq, faqLoader);
    expect(text).toContain('2-3 day delivery costs $18.50, next business day $26.00 and Saturday delivery $42.00');
    expect(text).toContain('each character costs $0.90. On 14k gold charms engraving is free');
    expect(text).toContain('Orders placed before 2:30 p.m. Eastern time are engraved and shipped the same business day');
    expect(text).toContain('Bracelet assembly ($12.50)');
    expectNoOldTerms(text);
  });

  it('the home page and about us say the engraving price and the cutoff', async () => {
    const home = await renderPage(Home, homeLoader);
    expect(screen.getByRole('heading', { name: 'Engraving from $0.90 a character' })).toBeInTheDocument();
    expect(home).toContain('Order before 2:30 p.m. Eastern time');
    expectNoOldTerms(home);
    document.body.innerHTML = '';
    const about = await renderPage(AboutUs, aboutUsLoader);
    expect(about).toContain('Free engraving on 14k gold charms; on other metals free setup and $0.90 a character.');
    expect(about).toContain('orders placed before 2:30 p.m. Eastern time');
    expectNoOldTerms(about);
  });

  it('a gift page says the engraving price, and the bag offers assembly at the set fee', async () => {
    const gift = await renderPage(GiftIdeas, giftLoader, 'https://test.example/birthday-gift-ideas');
    expect(gift).toContain('Engraving a name or date costs $0.90 a character.');
    document.body.innerHTML = '';
    const Stub = createRoutesStub([{ path: '/', Component: () => <AssemblySuggestion fee="$12.50" /> }]);
    render(<Stub initialEntries={['/']} />);
    expect(screen.getByText(/Have us put your charms on your bracelet/)).toHaveTextContent('$12.50');
  });

  it('a priced ground is not called free shipping', async () => {
    const priced = { ...context, store: { ...changed, shippingPrices: { ...changed.shippingPrices, ground: 495 } } } as unknown as AppLoadContext;
    const loaderData = aboutUsLoader({ context: priced, request: new Request('https://test.example/about-us'), params: {} } as never);
    expect(loaderData.terms.shippingPromise).toBe('Ground shipping is $4.95 an order.');
  });
});
