import { SHIPPING_TIME_ZONE } from '@charms/domain/ship-dates';
import { useRouteLoaderData } from 'react-router';
import type { loader as layoutLoader } from './routes/layout';

/** The store's time zone (admin Settings), as the admin layout's loader read it for this page. */
export function useTimeZone(): string {
  return useRouteLoaderData<typeof layoutLoader>('admin')?.timeZone ?? SHIPPING_TIME_ZONE;
}
