import type { Db } from '../client';
import { seedReferenceData } from './seed-reference';

/** Everything a new shop needs, in order. Idempotent: run at every start, it only fills what is missing. */
export async function seed(db: Db): Promise<void> {
  await seedReferenceData(db);
}
