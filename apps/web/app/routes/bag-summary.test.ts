import { describe, expect, it, vi } from 'vitest';
import type { Route } from './+types/bag-summary';
import { clientLoader } from './bag-summary';

const args = (serverLoader: () => Promise<unknown>) => ({ serverLoader }) as unknown as Route.ClientLoaderArgs;

describe('the bag summary in the browser', () => {
  it('keeps the last count when a later summary cannot be had, instead of failing the page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await clientLoader(args(offline))).toBeNull();
    const two = { itemCount: 2, total: { cents: 12390, display: '$123.90' } };
    expect(await clientLoader(args(async () => two))).toEqual(two);
    expect(await clientLoader(args(offline))).toEqual(two);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
