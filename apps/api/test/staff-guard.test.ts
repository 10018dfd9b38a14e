import fastifyCookie from '@fastify/cookie';
import { XSRF_COOKIE } from '@charms/contracts/staff';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock';
import { errorsPlugin } from '../src/plugins/errors';
import { staffArea } from '../src/plugins/staff-area';
import { errorOf, staffApi, useTestApp } from './helper';
import { sampleUrl, staffRoutes, unguardedStaffRoutes } from './route-table';

const t = useTestApp();

/** The staff calls that exist today: the walk must find at least these, so an empty or misread table cannot pass. */
const KNOWN = [
  'GET /api/account',
  'GET /api/account/session',
  'POST /api/account/sign-out',
  'GET /api/admin-staff',
  'POST /api/admin-staff',
  'PATCH /api/admin-staff/:id',
  'GET /api/admin-content',
  'PUT /api/admin-content',
  'GET /api/admin-content/page',
  'DELETE /api/admin-content/page',
  'POST /api/admin-content/preview',
  'GET /api/admin-promotions',
  'POST /api/admin-promotions',
  'GET /api/admin-promotions/:id',
  'PUT /api/admin-promotions/:id',
  'POST /api/admin-promotions/:id/end',
  'GET /api/admin-categories',
  'POST /api/admin-categories',
  'GET /api/admin-categories/:id',
  'PATCH /api/admin-categories/:id',
  'POST /api/admin-categories/order',
];

describe('the one guard, over the whole route table', () => {
  it('finds every staff route, and each one (every method) answers 401 SIGN_IN_REQUIRED without a session', async () => {
    const found = staffRoutes(t.app).map((route) => `${route.method} ${route.url}`);
    expect(found).toEqual(expect.arrayContaining(KNOWN));
    expect(found).toEqual(expect.arrayContaining(['HEAD /api/account', 'HEAD /api/admin-staff']));
    expect(await unguardedStaffRoutes(t.app)).toEqual([]);
  });

  it('answers 401 to an unknown, malformed or signed-out session cookie, and clears it', async () => {
    const staff = await staffApi(t);
    await staff.call('POST', '/account/sign-out');
    for (const session of [staff.session, 'x'.repeat(43), 'not a token', '']) {
      expect(await unguardedStaffRoutes(t.app, { staff_session: session })).toEqual([]);
    }
    const response = await t.app.inject({ method: 'GET', url: '/api/admin-staff', cookies: { staff_session: staff.session } });
    expect(response.cookies.find((cookie) => cookie.name === 'staff_session')).toMatchObject({ value: '' });
  });

  it('catches a staff route registered outside the guard', async () => {
    // A small app with the real guard and one admin route added beside it rather than inside it.
    const app = Fastify({ logger: false });
    app.decorate('clock', systemClock);
    await app.register(errorsPlugin);
    await app.register(
      async (api) => {
        await api.register(fastifyCookie);
        await api.register(staffArea, { routes: [async (inside) => void inside.get('/admin-guarded', async () => 'ok')] });
        api.post('/admin-forgotten/:id', async () => ({ changed: true }));
      },
      { prefix: '/api' },
    );
    await app.ready();
    expect(await unguardedStaffRoutes(app)).toEqual(['POST /api/admin-forgotten/:id answered 200']);
    await app.close();
  });

  it('refuses every call that changes something (every non-GET staff route) with a session but no CSRF token: 403', async () => {
    const owner = await staffApi(t);
    const changing = staffRoutes(t.app).filter((route) => !['GET', 'HEAD'].includes(route.method));
    expect(changing.length).toBeGreaterThanOrEqual(KNOWN.filter((name) => !name.startsWith('GET')).length);
    for (const route of changing) {
      for (const csrf of [{}, { 'x-xsrf-token': owner.csrf }, { 'x-xsrf-token': 'forged.token' }]) {
        // The header alone (no cookie to match), no header, or a made-up token: the session is still signed in.
        const response = await t.app.inject({ method: route.method as 'POST', url: sampleUrl(route.url), cookies: { staff_session: owner.session }, headers: csrf });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(errorOf(response).code).toBe('CSRF_TOKEN_INVALID');
      }
    }
    expect((await owner.call('GET', '/account')).statusCode).toBe(200);
  });
});

describe('CSRF: signed double-submit', () => {
  const withTokens = (staff: { session: string }, cookie: string | undefined, header: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin-staff',
      cookies: { staff_session: staff.session, ...(cookie === undefined ? {} : { [XSRF_COOKIE]: cookie }) },
      headers: { 'content-type': 'application/json', ...(header === undefined ? {} : { 'x-xsrf-token': header }) },
      payload: JSON.stringify({ email: `new-${Math.random().toString(36).slice(2)}@charms.example`, name: 'New Person', role: 'staff', password: 'a long enough password' }),
    });

  it('refuses a missing, forged, mismatched or another session’s token, and adds nobody', async () => {
    const owner = await staffApi(t);
    const other = await staffApi(t);
    const before = (await owner.call('GET', '/admin-staff')).json().staff.length;
    // A browser without the cookie gets a new token for the same session.
    const second = (await owner.call('GET', '/account/session', undefined, { csrf: false })).json().csrfToken as string;
    expect(second).not.toBe(owner.csrf);
    const [nonce] = owner.csrf.split('.');
    const cases: [string, string | undefined, string | undefined][] = [
      ['no header', owner.csrf, undefined],
      ['no cookie', undefined, owner.csrf],
      ['neither', undefined, undefined],
      ['header and cookie differ (both signed for this session)', owner.csrf, second],
      ['forged signature', `${nonce}.${'A'.repeat(43)}`, `${nonce}.${'A'.repeat(43)}`],
      ['unsigned value', 'abc', 'abc'],
      ['extra part', `${owner.csrf}.x`, `${owner.csrf}.x`],
      ["another session's token", other.csrf, other.csrf],
    ];
    for (const [name, cookie, header] of cases) {
      const response = await withTokens(owner, cookie, header);
      expect(response.statusCode, name).toBe(403);
      expect(errorOf(response)).toMatchObject({ code: 'CSRF_TOKEN_INVALID', message: expect.stringMatching(/Reload the page/) });
    }
    expect((await owner.call('GET', '/admin-staff')).json().staff).toHaveLength(before);
    // The same call with the token of its own session goes through.
    expect((await withTokens(owner, owner.csrf, owner.csrf)).statusCode).toBe(201);
    expect((await withTokens(owner, second, second)).statusCode).toBe(201);
  });

  it('keeps one token per session: a page loaded in a second tab leaves the forms of the first one valid', async () => {
    const owner = await staffApi(t);
    // The browser's XSRF-TOKEN cookie as each answer leaves it, as a browser keeps it.
    let cookie = owner.csrf;
    const loadPage = async () => {
      const response = await t.app.inject({ url: '/api/account/session', cookies: { staff_session: owner.session, [XSRF_COOKIE]: cookie } });
      cookie = response.cookies.find((set) => set.name === XSRF_COOKIE)?.value ?? cookie;
      return response.json().csrfToken as string;
    };
    const firstTab = await loadPage();
    await loadPage();
    expect((await withTokens(owner, cookie, firstTab)).statusCode).toBe(201);
  });

  it('a token of a session that has ended does not carry over to the next sign-in', async () => {
    const first = await staffApi(t, { email: 'carry@charms.example' });
    const again = await t.app.inject({ method: 'POST', url: '/api/account/authenticate', payload: { email: 'carry@charms.example', password: first.password } });
    const session = again.cookies.find((cookie) => cookie.name === 'staff_session')!.value;
    expect((await withTokens({ session }, first.csrf, first.csrf)).statusCode).toBe(403);
  });
});
