import { adminSettingsSchema, saveSettingsBodySchema } from '@charms/contracts/admin-settings';
import { errorBodySchema } from '@charms/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../plugins/staff-area';
import { getAdminSettings, saveSettings } from '../services/admin-settings';

const tags = ['settings'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/**
 * The store settings: every staff member reads them; only owners change them (prices, the store's addresses and
 * its calendar are an owner's call, as promotions are).
 */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get('/admin-settings', { schema: { tags, summary: 'The store settings, the store\'s today, and who changed what', response: { 200: adminSettingsSchema, ...errors } } }, async () =>
    getAdminSettings(db, app.clock.now()),
  );

  app.put(
    '/admin-settings',
    {
      config: { ownerOnly: true },
      schema: { tags, summary: 'Replace the store settings (owners); bags and new orders use them at once, placed orders keep their totals', body: saveSettingsBodySchema, response: { 200: adminSettingsSchema, ...errors } },
    },
    async (request) => {
      const saved = await saveSettings(db, actorOf(request), request.body, app.clock.now());
      // This instance need not wait for the notification; the others drop theirs when it arrives.
      app.storeSettings.drop();
      return getAdminSettings(db, app.clock.now(), saved);
    },
  );
};
