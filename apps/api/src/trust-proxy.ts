import { isIP } from 'node:net';
import { z } from 'zod';

/** Ranges proxy-addr (Fastify's trustProxy) knows by name. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  // A range wider than /8 takes in the clients too: as good as believing anyone.
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) >= 8 && Number(bits) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: whose X-Forwarded-For to believe. Rate limits count per client address, so believing an entry the
 * client wrote itself would give it a fresh allowance per request. `false` (the default) uses the socket's
 * address; a list of proxy addresses and CIDR ranges believes X-Forwarded-For only when it comes from those
 * proxies, and walks it back from the end past each of them to the first address that is not one (the client).
 * `true` (believe anyone) and a bare number of proxies (which cannot tell a proxy from a client that pads the
 * header) are refused.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .transform((value, context): false | string[] => {
    if (value === 'false') return false;
    if (value === 'true' || /^\d+$/.test(value)) {
      context.addIssue({
        code: 'custom',
        message: `${value} would believe an X-Forwarded-For written by a client; give the addresses of the proxies in front of the shop (e.g. 10.0.0.5 or 10.0.0.0/8,loopback)`,
      });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length === 0) return entries;
    context.addIssue({
      code: 'custom',
      message: `must be false, or proxy addresses and CIDR ranges (/8 or narrower) separated by commas; not accepted: ${bad.map((entry) => `"${entry}"`).join(', ')}`,
    });
    return z.NEVER;
  })
  .default(false);
