import { csvLine } from '@charms/domain/csv';
import { PRODUCT_CSV_COLUMNS, productCsvCells } from '@charms/domain/product-csv';
import type { Db } from '../db/client';
import { loadCategorySlugs, loadStoredProducts } from './product-csv-store';

/**
 * Every product, retired ones included, in the import's format: a file staff can edit and import back (exported
 * and imported unchanged, it changes nothing). It starts with a byte order mark, which Excel needs to read UTF-8
 * (accents, the ’ of a name) and the import drops; text cells that a spreadsheet would run as a formula get the
 * apostrophe the import takes off again.
 */
export async function exportProductCsv(db: Db): Promise<string> {
  const [stored, categorySlugs] = await Promise.all([loadStoredProducts(db), loadCategorySlugs(db)]);
  const slugOf = (id: number) => categorySlugs.get(id) ?? String(id);
  const lines = [csvLine(PRODUCT_CSV_COLUMNS)];
  for (const product of stored.values()) lines.push(csvLine(productCsvCells(product.id, product.fields, product.retired, slugOf)));
  return `\uFEFF${lines.join('')}`;
}
