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

describe('Braintree settings', () => {
  it('needs all four variables or none', () => {
    expect(loadConfig({}).BRAINTREE_MERCHANT_ID).toBeUndefined();
    expect(() => loadConfig({ BRAINTREE_MERCHANT_ID: 'm' })).toThrow(/BRAINTREE_PUBLIC_KEY: is required/);
    const all = loadConfig({ BRAINTREE_MERCHANT_ID: 'm', BRAINTREE_PUBLIC_KEY: 'p', BRAINTREE_PRIVATE_KEY: 'k', BRAINTREE_ENVIRONMENT: 'sandbox' });
    expect(all.BRAINTREE_ENVIRONMENT).toBe('sandbox');
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
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33,proxy.example' })).toThrow(/not an address or range: "10.0.0.0\/33", "proxy.example"/);
  });
});
