import type { Db } from '../client';
import { seedCatalog } from './catalog/load';
import { seedContentPages } from './content-pages';
import type { CatalogSize } from './catalog/generate';
import { seedPromotions } from './promotions';
import { seedReferenceData } from './seed-reference';

/** Everything a new shop needs, in order. Idempotent: run at every start, it only fills what is missing. */
export async function seed(db: Db, catalogSize: CatalogSize = 'standard'): Promise<void> {
  await seedReferenceData(db);
  await seedPromotions(db);
  await seedCatalog(db, catalogSize);
  await seedContentPages(db);
}
