import { expect } from 'vitest';
import type { staffApi } from './helper';

/** The settings form as the store started: what the migration wrote. */
export const TODAY_SETTINGS = {
  storeName: 'Charm & Bracelet Co.',
  phone: '1-800-555-0142',
  contactEmail: 'help@charms.example',
  ordersEmail: 'orders@charms.example',
  photoArtEmail: 'photoart@charms.example',
  facebookUrl: '',
  pinterestUrl: '',
  twitterUrl: '',
  shippingGround: '0',
  shippingTwoDay: '14.75',
  shippingNextDay: '24.95',
  shippingSaturday: '39.75',
  engravingPerCharacter: '0.75',
  engravingFreeMetalIds: ['10', '20', '30'],
  assemblyFee: '9.95',
  sameDayCutoff: '12:00',
  timeZone: 'America/Chicago',
  closureDays: '',
};

/** An owner saves the settings as the store started, with some changed (PUT /admin-settings). */
export async function saveSettings(owner: Awaited<ReturnType<typeof staffApi>>, changes: Record<string, unknown> = {}) {
  const response = await owner.call('PUT', '/admin-settings', { ...TODAY_SETTINGS, ...changes });
  expect(response.statusCode, response.body).toBe(200);
}
