import { eq } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client';
import { storeSettings } from '../../apps/api/src/db/schema';

/**
 * Run by global-setup before the shop starts (`tsx e2e/support/seed-settings.ts <data dir>`), after admin:create has
 * migrated the embedded database: one social page set (and the others not), so the footer is seen to follow the
 * store settings.
 */
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: seed-settings.ts <DATA_DIR>');
const database = await openDatabase({ dataDir: `${dataDir}/pglite` });
try {
  await database.db.update(storeSettings).set({ pinterestUrl: 'https://www.pinterest.com/charmshop-e2e/' }).where(eq(storeSettings.id, 1));
} finally {
  await database.close();
}
