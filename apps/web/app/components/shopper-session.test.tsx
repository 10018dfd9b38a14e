import type { UserSession } from '@charms/contracts/session';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { BAG_SUMMARY_PATH, type BagSummary } from '../bag/bag-summary';
import { SESSION_ID_KEY, SESSION_KEY, type SessionApi } from '../lib/session-store';
import { DEFAULT_PREFS } from '../lib/shopper-prefs';
import { ShopperSessionProvider, useShopperSession } from './shopper-session';
import { SiteHeader } from './site-header';

const NEW_ID = '0b7c5a4e-1d2f-4a3b-9c8d-7e6f5a4b3c2d';
const STORED_ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
/** A session the server created for a form posted without JavaScript: its id is only in the cookie. */
const COOKIE_ID = '3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
const GONE_ID = '9d8c7b6a-5f4e-4d3c-a2b1-0f9e8d7c6b5a';

const session = (id: string, changes: Partial<UserSession> = {}): UserSession => ({
  id,
  metalId: 40,
  braceletSize: 7,
  productId: null,
  productsOrderBy: 'Name',
  ...changes,
});

function fakeApi(): SessionApi & { create: ReturnType<typeof vi.fn>; update: ReturnType<typeof vi.fn>; get: ReturnType<typeof vi.fn> } {
  return {
    get: vi.fn(async (id: string) => (id === COOKIE_ID ? session(COOKIE_ID, { metalId: 30 }) : null)),
    create: vi.fn(async (prefs) => session(NEW_ID, prefs)),
    update: vi.fn(async (id, changes) => session(id, changes)),
  };
}

/** A session the browser kept from an earlier visit, as the provider stores one. */
function storeSession(stored: UserSession) {
  window.localStorage.setItem(SESSION_ID_KEY, stored.id);
  window.localStorage.setItem(SESSION_KEY, JSON.stringify(stored));
}

function Probe() {
  const { session: current, prefs, loaded, update } = useShopperSession();
  return (
    <div>
      <p data-testid="state">{loaded ? `${current?.id} metal ${prefs.metalId}` : 'loading'}</p>
      <button type="button" onClick={() => update({ metalId: 10 })}>
        Gold
      </button>
    </div>
  );
}

/** The shop's `/order/summary`, answering an empty bag unless told otherwise. */
const summaryRoute = (loader: () => BagSummary = () => ({ itemCount: 0, total: null })) => ({ path: BAG_SUMMARY_PATH, loader });

function renderProvider(api: SessionApi, cookies: string[] = [], cookieHeader = '') {
  // The same functions on every render, as the shop's own (a new one each time would restart the provider's load).
  const writeCookie = (cookie: string) => void cookies.push(cookie);
  const readCookies = () => cookieHeader;
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <ShopperSessionProvider initialPrefs={DEFAULT_PREFS} api={api} writeCookie={writeCookie} readCookies={readCookies}>
          <Probe />
        </ShopperSessionProvider>
      ),
    },
    summaryRoute(),
  ]);
  render(<Stub initialEntries={['/']} />);
  return cookies;
}

describe('ShopperSessionProvider', () => {
  it('creates a session when none is stored, and stores it under user-session and user-session-id', async () => {
    const api = fakeApi();
    const cookies = renderProvider(api);
    expect(await screen.findByText(`${NEW_ID} metal 40`)).toBeVisible();
    expect(api.create).toHaveBeenCalledWith({ metalId: 40, braceletSize: 7, productsOrderBy: 'Name' });
    expect(window.localStorage.getItem(SESSION_ID_KEY)).toBe(NEW_ID);
    expect(JSON.parse(window.localStorage.getItem(SESSION_KEY)!)).toMatchObject({ id: NEW_ID, metalId: 40 });
    expect(cookies.at(-1)).toContain('shopper-prefs=');
  });

  it('uses a stored session whose id is a v4 UUID without creating another', async () => {
    storeSession(session(STORED_ID, { metalId: 20 }));
    const api = fakeApi();
    renderProvider(api);
    expect(await screen.findByText(`${STORED_ID} metal 20`)).toBeVisible();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('replaces a stored session whose id is not a v4 UUID', async () => {
    window.localStorage.setItem(SESSION_ID_KEY, 'not-a-uuid');
    window.localStorage.setItem(SESSION_KEY, JSON.stringify({ ...session('not-a-uuid'), id: 'not-a-uuid' }));
    const api = fakeApi();
    renderProvider(api);
    expect(await screen.findByText(`${NEW_ID} metal 40`)).toBeVisible();
    expect(window.localStorage.getItem(SESSION_ID_KEY)).toBe(NEW_ID);
  });

  it('updates the metal on the server, stores the answer and mirrors it in the cookie', async () => {
    const api = fakeApi();
    const cookies = renderProvider(api);
    await screen.findByText(`${NEW_ID} metal 40`);
    await userEvent.click(screen.getByRole('button', { name: 'Gold' }));
    expect(await screen.findByText(`${NEW_ID} metal 10`)).toBeVisible();
    expect(api.update).toHaveBeenCalledWith(NEW_ID, { metalId: 10 });
    expect(JSON.parse(window.localStorage.getItem(SESSION_KEY)!)).toMatchObject({ metalId: 10 });
    expect(decodeURIComponent(cookies.at(-1)!)).toContain('metalId=10');
  });

  it('sends the session id on the shop’s own requests once loaded, and never to other hosts', async () => {
    const seen: Headers[] = [];
    const original = window.fetch;
    window.fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers));
      return new Response('{}');
    }) as unknown as typeof fetch;
    try {
      renderProvider(fakeApi());
      await screen.findByText(`${NEW_ID} metal 40`);
      await window.fetch('/api/shopping-cart');
      await window.fetch('https://tracker.example/collect');
      expect(seen[0]!.get('userSessionId')).toBe(NEW_ID);
      expect(seen[1]!.get('userSessionId')).toBeNull();
    } finally {
      window.fetch = original;
    }
  });

  it('swallows a failed session call: the page keeps working with the cookie prefs', async () => {
    const api = fakeApi();
    api.create.mockRejectedValueOnce(new Error('offline'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderProvider(api);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByTestId('state')).toHaveTextContent('loading');
    warn.mockRestore();
  });

  it('writes the user-session-id cookie for the server when it creates a session', async () => {
    const cookies = renderProvider(fakeApi());
    await screen.findByText(`${NEW_ID} metal 40`);
    expect(cookies).toContain(`user-session-id=${NEW_ID}; Path=/; Max-Age=31536000; SameSite=Lax`);
  });

  it('writes the cookie from a stored session when the cookie is missing, and leaves a matching cookie alone', async () => {
    storeSession(session(STORED_ID));
    const missing = renderProvider(fakeApi());
    await screen.findByText(`${STORED_ID} metal 40`);
    expect(missing.filter((cookie) => cookie.startsWith('user-session-id='))).toEqual([`user-session-id=${STORED_ID}; Path=/; Max-Age=31536000; SameSite=Lax`]);
  });

  it('does not rewrite a session cookie that already matches local storage', async () => {
    storeSession(session(STORED_ID));
    const cookies = renderProvider(fakeApi(), [], `shopper-prefs=x; user-session-id=${STORED_ID}`);
    await screen.findByText(`${STORED_ID} metal 40`);
    expect(cookies.some((cookie) => cookie.startsWith('user-session-id='))).toBe(false);
  });

  it('adopts the session the server created for a form without JavaScript (its id only in the cookie)', async () => {
    const api = fakeApi();
    renderProvider(api, [], `user-session-id=${COOKIE_ID}`);
    expect(await screen.findByText(`${COOKIE_ID} metal 30`)).toBeVisible();
    expect(api.get).toHaveBeenCalledWith(COOKIE_ID);
    expect(api.create).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(SESSION_ID_KEY)).toBe(COOKIE_ID);
  });

  it('creates a new session when the cookie’s session is unknown to the server (404), and rewrites the cookie', async () => {
    const api = fakeApi();
    const cookies = renderProvider(api, [], `user-session-id=${GONE_ID}`);
    expect(await screen.findByText(`${NEW_ID} metal 40`)).toBeVisible();
    expect(api.get).toHaveBeenCalledWith(GONE_ID);
    expect(cookies).toContain(`user-session-id=${NEW_ID}; Path=/; Max-Age=31536000; SameSite=Lax`);
  });

  it('adopts a session the server started since the stored one (the cookie names another it knows): the bag is there', async () => {
    storeSession(session(STORED_ID, { metalId: 20 }));
    const api = fakeApi();
    const cookies = renderProvider(api, [], `user-session-id=${COOKIE_ID}`);
    expect(await screen.findByText(`${COOKIE_ID} metal 30`)).toBeVisible();
    expect(window.localStorage.getItem(SESSION_ID_KEY)).toBe(COOKIE_ID);
    expect(cookies.some((cookie) => cookie.startsWith('user-session-id='))).toBe(false);
  });

  it('keeps the stored session when the cookie names one the server does not know', async () => {
    storeSession(session(STORED_ID, { metalId: 20 }));
    const api = fakeApi();
    const cookies = renderProvider(api, [], `user-session-id=${GONE_ID}`);
    expect(await screen.findByText(`${STORED_ID} metal 20`)).toBeVisible();
    expect(api.create).not.toHaveBeenCalled();
    expect(cookies).toContain(`user-session-id=${STORED_ID}; Path=/; Max-Age=31536000; SameSite=Lax`);
  });

  it('keeps the stored session when asking about the cookie’s session fails', async () => {
    storeSession(session(STORED_ID, { metalId: 20 }));
    const api = fakeApi();
    api.get.mockRejectedValueOnce(new Error('The session call answered 503'));
    renderProvider(api, [], `user-session-id=${COOKIE_ID}`);
    expect(await screen.findByText(`${STORED_ID} metal 20`)).toBeVisible();
    expect(api.get).toHaveBeenCalledWith(COOKIE_ID);
  });

  it('starts a new session with the change when the stored one was removed on the server (the update answers 404)', async () => {
    storeSession(session(GONE_ID, { braceletSize: 8 }));
    const api = fakeApi();
    api.update.mockResolvedValueOnce(null);
    const cookies = renderProvider(api, [], `user-session-id=${GONE_ID}`);
    await screen.findByText(`${GONE_ID} metal 40`);
    await userEvent.click(screen.getByRole('button', { name: 'Gold' }));
    expect(await screen.findByText(`${NEW_ID} metal 10`)).toBeVisible();
    expect(api.create).toHaveBeenCalledWith({ metalId: 10, braceletSize: 8, productsOrderBy: 'Name' });
    expect(window.localStorage.getItem(SESSION_ID_KEY)).toBe(NEW_ID);
    expect(cookies).toContain(`user-session-id=${NEW_ID}; Path=/; Max-Age=31536000; SameSite=Lax`);
  });

  it('ignores a cookie that is not a v4 UUID', async () => {
    const api = fakeApi();
    renderProvider(api, [], 'user-session-id=not-a-uuid');
    await screen.findByText(`${NEW_ID} metal 40`);
    expect(api.get).not.toHaveBeenCalled();
  });

  it('keeps the session the server started for a form posted while the page’s own session was being created', async () => {
    const api = fakeApi();
    let cookieHeader = '';
    // The post's Set-Cookie lands while POST /user-session is in flight.
    api.create.mockImplementationOnce(async (prefs) => {
      cookieHeader = `user-session-id=${COOKIE_ID}`;
      return session(NEW_ID, prefs);
    });
    const writeCookie = () => {};
    const readCookies = () => cookieHeader;
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: () => (
          <ShopperSessionProvider initialPrefs={DEFAULT_PREFS} api={api} writeCookie={writeCookie} readCookies={readCookies}>
            <Probe />
          </ShopperSessionProvider>
        ),
      },
      summaryRoute(),
    ]);
    render(<Stub initialEntries={['/']} />);
    expect(await screen.findByText(`${COOKIE_ID} metal 30`)).toBeVisible();
    expect(window.localStorage.getItem(SESSION_ID_KEY)).toBe(COOKIE_ID);
  });
});

describe('the bag summary (the header’s count)', () => {
  /**
   * The shop's shape: the header outside the provider (the root layout renders it), a page with a form inside it,
   * and `/order/summary` answering what the "server" holds: `bag.itemCount` items, as the session cookie said.
   */
  function renderShop(api: SessionApi) {
    const bag = { itemCount: 2 };
    const asked: (string | null)[] = [];
    const writeCookie = () => {};
    const readCookies = () => '';
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: () => (
          <>
            <SiteHeader storeName="Charm & Bracelet Co." phone="1-800-555-0142" />
            <ShopperSessionProvider initialPrefs={DEFAULT_PREFS} api={api} writeCookie={writeCookie} readCookies={readCookies}>
              <Probe />
              <Form method="post">
                <button type="submit">Add to bag</button>
              </Form>
            </ShopperSessionProvider>
          </>
        ),
        action: () => {
          bag.itemCount += 1;
          return { ok: true };
        },
      },
      summaryRoute(() => {
        // Which session the browser had settled on when the summary was asked for.
        asked.push(window.localStorage.getItem(SESSION_ID_KEY));
        return { itemCount: bag.itemCount, total: { cents: bag.itemCount * 1000, display: `$${bag.itemCount * 10}.00` } };
      }),
    ]);
    render(<Stub initialEntries={['/']} />);
    return { bag, asked };
  }

  const headerBag = () => screen.getByRole('link', { name: /Shopping Bag/ });

  it('is asked for once the session is settled, and the header shows its count', async () => {
    storeSession(session(STORED_ID));
    const { asked } = renderShop(fakeApi());
    await waitFor(() => expect(headerBag()).toHaveAccessibleName('Shopping Bag 2 items'));
    expect(asked).toEqual([STORED_ID]);
    expect(screen.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', '/order/process');
  });

  it('is asked for after a new shopper’s session is created, not before', async () => {
    const api = fakeApi();
    const { asked } = renderShop(api);
    await waitFor(() => expect(asked).toEqual([NEW_ID]));
    expect(api.create).toHaveBeenCalledTimes(1);
  });

  it('is asked for again after a form post, and the header follows', async () => {
    const { asked } = renderShop(fakeApi());
    await waitFor(() => expect(headerBag()).toHaveAccessibleName('Shopping Bag 2 items'));
    await userEvent.click(screen.getByRole('button', { name: 'Add to bag' }));
    await waitFor(() => expect(headerBag()).toHaveAccessibleName('Shopping Bag 3 items'));
    expect(asked).toHaveLength(2);
  });

  it('is asked for again when a preference changes (the page’s data is reloaded with it)', async () => {
    const { bag, asked } = renderShop(fakeApi());
    await waitFor(() => expect(headerBag()).toHaveAccessibleName('Shopping Bag 2 items'));
    bag.itemCount = 5;
    await userEvent.click(screen.getByRole('button', { name: 'Gold' }));
    await waitFor(() => expect(headerBag()).toHaveAccessibleName('Shopping Bag 5 items'));
    expect(asked).toHaveLength(2);
  });
});
