import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has a default for everything a new user needs', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', ROBOTS: 'noindex' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ROBOTS: 'maybe' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT: /);
      expect((error as Error).message).toMatch(/DATABASE_URL: must be a postgres/);
    }
  });
});

describe('secrets', () => {
  it('have no default: unset means one is made at the first start and kept in the database', () => {
    const config = loadConfig({});
    expect(config.ORDER_LINK_SECRET).toBeUndefined();
    expect(config.COOKIE_SECRET).toBeUndefined();
  });

  it('stop the start when configured shorter than 32 characters', () => {
    expect(() => loadConfig({ ORDER_LINK_SECRET: 'x'.repeat(31) })).toThrow(/ORDER_LINK_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ COOKIE_SECRET: 'short' })).toThrow(/COOKIE_SECRET: must be at least 32 characters/);
    expect(loadConfig({ ORDER_LINK_SECRET: 'x'.repeat(32) }).ORDER_LINK_SECRET).toBe('x'.repeat(32));
  });
});

describe('the payment gateway', () => {
  const braintree = { BRAINTREE_MERCHANT_ID: 'm', BRAINTREE_PUBLIC_KEY: 'p', BRAINTREE_PRIVATE_KEY: 'k', BRAINTREE_ENVIRONMENT: 'sandbox' };

  it('is the test gateway on the embedded database, so a new shop starts with no configuration', () => {
    expect(loadConfig({}).PAYMENT_GATEWAY).toBe('test');
  });

  it('must be chosen with a database server, and the message names the variables', () => {
    const start = () => loadConfig({ DATABASE_URL: 'postgres://db/shop' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/PAYMENT_GATEWAY: is required with DATABASE_URL: "braintree" \(with BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY, BRAINTREE_PRIVATE_KEY, BRAINTREE_ENVIRONMENT\)/);
    const server = { DATABASE_URL: 'postgres://db/shop', PUBLIC_BASE_URL: 'https://shop.example' };
    expect(loadConfig({ ...server, PAYMENT_GATEWAY: 'test' }).PAYMENT_GATEWAY).toBe('test');
    expect(loadConfig({ ...server, PAYMENT_GATEWAY: 'braintree', ...braintree }).PAYMENT_GATEWAY).toBe('braintree');
  });

  it('is never chosen by the presence of Braintree variables alone', () => {
    expect(() => loadConfig(braintree)).toThrow(/PAYMENT_GATEWAY: is required when BRAINTREE_MERCHANT_ID/);
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'braintree', BRAINTREE_MERCHANT_ID: 'm' })).toThrow(/BRAINTREE_PUBLIC_KEY: is required with PAYMENT_GATEWAY=braintree/);
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'stripe' })).toThrow(/PAYMENT_GATEWAY: must be "braintree" or "test"/);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default, or lists the proxies whose X-Forwarded-For is believed', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).TRUST_PROXY).toEqual(['10.0.0.5']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback,fd00::/8' }).TRUST_PROXY).toEqual(['10.0.0.0/8', 'loopback', 'fd00::/8']);
  });

  it('refuses to believe every client: true, a bare number of hops, or something that is not an address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would believe an X-Forwarded-For written by a client/);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: 1 would believe/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33,proxy.example' })).toThrow(/not accepted: "10.0.0.0\/33", "proxy.example"/);
    // A range that takes in everyone is `true` in other words.
    expect(() => loadConfig({ TRUST_PROXY: '0.0.0.0/0' })).toThrow(/not accepted: "0.0.0.0\/0"/);
    expect(() => loadConfig({ TRUST_PROXY: '::/0' })).toThrow(/not accepted: "::\/0"/);
  });
});

describe('the public base URL', () => {
  it('is optional on the embedded database (the shop then links to where it listens)', () => {
    expect(loadConfig({}).PUBLIC_BASE_URL).toBeUndefined();
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://shop.example' }).PUBLIC_BASE_URL).toBe('https://shop.example');
  });

  it('must be said with a database server, which may be production', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/shop', PAYMENT_GATEWAY: 'test' })).toThrow(/PUBLIC_BASE_URL: is required with DATABASE_URL/);
  });

  it('must be an http or https address', () => {
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_BASE_URL: must be an absolute http\(s\) URL/);
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'shop.example' })).toThrow(/PUBLIC_BASE_URL/);
  });
});

describe('store details', () => {
  it('are store settings now: a variable still set stops the start and says where it went', () => {
    expect(() => loadConfig({ SOCIAL_PINTEREST_URL: 'https://www.pinterest.com/charmshop/' })).toThrow(/SOCIAL_PINTEREST_URL: is now a store setting/);
    expect(() => loadConfig({ STORE_NAME: 'Charms', EMAIL_FROM: 'a@b.example' })).toThrow(/STORE_NAME: is now a store setting[\s\S]*EMAIL_FROM: is now a store setting/);
  });
});
