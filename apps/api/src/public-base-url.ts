import type { AddressInfo } from 'node:net';

/**
 * The shop's public address, for the links it writes itself (canonical and Open Graph links, JSON-LD, the order
 * link in emails): PUBLIC_BASE_URL when set, else the address this process listens on. Never the request's Host
 * or X-Forwarded-Host: those are the client's words, and a link built from them could point a cached page or a
 * customer's email at someone else's site (host-header injection).
 */
export function publicBaseUrl(configured: string | undefined, listening: { host: string; port: number }): string {
  if (configured) return configured;
  return `http://${linkHost(listening.host)}:${listening.port}`;
}

/** Every interface (0.0.0.0, ::) or loopback reads as localhost; a chosen address is named as it is. */
function linkHost(host: string): string {
  if (['0.0.0.0', '::', '', 'localhost', '::1'].includes(host)) return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Where a server listens: the port it was actually given (PORT=0 picks a free one), or, before it listens (tests
 * that inject requests), the configured one.
 */
export function listeningAddress(address: string | AddressInfo | null, configured: { HOST: string; PORT: number }): { host: string; port: number } {
  if (address && typeof address === 'object') return { host: configured.HOST, port: address.port };
  return { host: configured.HOST, port: configured.PORT };
}
