import { describe, expect, it } from 'vitest';
import { listeningAddress, publicBaseUrl } from './public-base-url';

describe('the public base URL', () => {
  it('is PUBLIC_BASE_URL when set, whatever the port', () => {
    expect(publicBaseUrl('https://shop.example', { host: '0.0.0.0', port: 3101 })).toBe('https://shop.example');
  });

  it('is the address the shop listens on without it', () => {
    expect(publicBaseUrl(undefined, { host: '0.0.0.0', port: 3101 })).toBe('http://localhost:3101');
    expect(publicBaseUrl(undefined, { host: '::', port: 3101 })).toBe('http://localhost:3101');
    expect(publicBaseUrl(undefined, { host: '127.0.0.1', port: 41234 })).toBe('http://127.0.0.1:41234');
    expect(publicBaseUrl(undefined, { host: 'fd00::5', port: 8080 })).toBe('http://[fd00::5]:8080');
  });

  it('takes the port the server was given (PORT=0 picks one), or the configured one before it listens', () => {
    const config = { HOST: '0.0.0.0', PORT: 0 };
    expect(listeningAddress({ address: '0.0.0.0', family: 'IPv4', port: 45678 }, config)).toEqual({ host: '0.0.0.0', port: 45678 });
    expect(listeningAddress(null, { HOST: '0.0.0.0', PORT: 3101 })).toEqual({ host: '0.0.0.0', port: 3101 });
  });
});
