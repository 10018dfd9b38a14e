import { PRODUCT_CSV_ERROR_LIMIT, type ProductCsvError, type ProductImportReport } from '@charms/contracts/admin-products-csv';
import { textProblem } from '@charms/contracts/text';
import { parseCsv } from '@charms/domain/csv';
import type { ProductFields } from '@charms/domain/product-admin';
import { draftOfProduct, readProductCsvHeader, readProductRow, sameProduct } from '@charms/domain/product-csv';
import type { Db } from '../db/client';
import { type StoredProduct, loadCategorySlugs, loadSlugOwners, loadStoredProducts } from './product-csv-store';

/**
 * A products CSV checked against the catalog: every error by line and column, and what it would change. Reads the
 * catalog in a handful of queries whatever the file's size; the rows themselves are checked in memory.
 */
export interface PlannedProduct {
  line: number;
  /** Undefined for a new product. */
  stored: StoredProduct | undefined;
  product: ProductFields;
  retired: boolean;
  /** The product's id once written (a new product's is known after its insert). */
  id?: number;
}

export interface ImportPlan {
  report: Omit<ProductImportReport, 'dryRun'>;
  /** The products the file adds or changes (none when it has errors). */
  changes: PlannedProduct[];
}

const ID_RULE = 'must be a product id (a whole number), or empty for a new product';

export async function checkProductCsv(db: Db, body: Buffer | string): Promise<ImportPlan> {
  const errors: ProductCsvError[] = [];
  const fail = () => planOf(errors, [], 0, { new: 0, updated: 0, unchanged: 0, retired: 0 });
  const text = decode(body);
  if (text === null) {
    errors.push({ line: 1, column: '', message: 'The file is not UTF-8 text: save it as "CSV UTF-8" (comma delimited).' });
    return fail();
  }
  const parsed = parseCsv(text);
  if (!parsed.ok) {
    const header = parseCsv(text.split(/\r?\n/, 1)[0] ?? '');
    const column = parsed.line > 1 && header.ok ? (header.records[0]?.cells[parsed.cell]?.trim().toLowerCase() ?? '') : '';
    errors.push({ line: parsed.line, column, message: `The cell ${parsed.message}.` });
    return fail();
  }
  const [headerRecord, ...records] = parsed.records;
  if (!headerRecord) {
    errors.push({ line: 1, column: '', message: 'The file is empty: it needs a header line and a line per product.' });
    return fail();
  }
  const header = readProductCsvHeader(headerRecord.cells);
  errors.push(...header.errors.map((error) => ({ line: headerRecord.line, ...error })));
  if (errors.length > 0) return fail();

  // Ids first: they say which stored product each row starts from.
  const idByLine = new Map<number, number | undefined>();
  const lineOfId = new Map<number, number>();
  const idIndex = header.columns.get('id');
  for (const record of records) {
    if (record.cells.length !== headerRecord.cells.length) {
      errors.push({ line: record.line, column: '', message: `The line has ${record.cells.length} cells where the header has ${headerRecord.cells.length}.` });
      continue;
    }
    const cell = idIndex === undefined ? '' : record.cells[idIndex]!.trim();
    if (cell === '') idByLine.set(record.line, undefined);
    else if (!/^\d{1,9}$/.test(cell)) errors.push({ line: record.line, column: 'id', message: ID_RULE });
    else if (lineOfId.has(Number(cell))) errors.push({ line: record.line, column: 'id', message: `is also the id on line ${lineOfId.get(Number(cell))}: one line per product` });
    else {
      idByLine.set(record.line, Number(cell));
      lineOfId.set(Number(cell), record.line);
    }
  }
  const [stored, categorySlugs, slugOwners] = await Promise.all([loadStoredProducts(db, [...lineOfId.keys()]), loadCategorySlugs(db), loadSlugOwners(db)]);
  const categoryIds = new Map([...categorySlugs].map(([id, slug]) => [slug.toLowerCase(), id]));
  const categoryIdOf = (slug: string) => categoryIds.get(slug.toLowerCase());

  const planned: PlannedProduct[] = [];
  for (const record of records) {
    if (!idByLine.has(record.line)) continue;
    const id = idByLine.get(record.line);
    const base = id === undefined ? undefined : stored.get(id);
    if (id !== undefined && !base) {
      errors.push({ line: record.line, column: 'id', message: `is not a product of ours (${id}): leave it empty to add a product` });
      continue;
    }
    const cells = new Map<string, string>();
    for (const [column, index] of header.columns) {
      const cell = record.cells[index]!;
      const problem = textProblem(cell, { lines: column === 'description' });
      if (problem) errors.push({ line: record.line, column, message: problem });
      cells.set(column, cell);
    }
    const checked = readProductRow({ cells, categoryIdOf }, base && { draft: draftOfProduct(base.fields), retired: base.retired });
    if (!checked.ok) errors.push(...checked.errors.map((error) => ({ line: record.line, ...error })));
    else planned.push({ line: record.line, stored: base, product: checked.product, retired: checked.retired });
  }
  errors.push(...checkSlugs(planned, slugOwners));

  const summary = { new: 0, updated: 0, unchanged: 0, retired: 0 };
  const changes = planned.filter((plan) => {
    const { stored: was } = plan;
    if (!was) summary.new++;
    else if (plan.retired && !was.retired) summary.retired++;
    else if (plan.retired === was.retired && sameProduct(plan.product, was.fields)) summary.unchanged++;
    else summary.updated++;
    return !was || plan.retired !== was.retired || !sameProduct(plan.product, was.fields);
  });
  return planOf(errors, changes, records.length, summary, header.columns);
}

/** A slug names one product: not two lines of the file, nor a product the file does not give it to. */
function checkSlugs(planned: PlannedProduct[], owners: Map<string, { id: number; name: string }>): ProductCsvError[] {
  const errors: ProductCsvError[] = [];
  const lineOfSlug = new Map<string, number>();
  const slugInFile = new Map(planned.filter((plan) => plan.stored).map((plan) => [plan.stored!.id, plan.product.slug.toLowerCase()]));
  for (const plan of planned) {
    const slug = plan.product.slug.toLowerCase();
    const owner = owners.get(slug);
    const earlier = lineOfSlug.get(slug);
    if (earlier !== undefined) errors.push({ line: plan.line, column: 'slug', message: `is also the slug on line ${earlier}: each product needs its own` });
    else if (owner && owner.id !== plan.stored?.id && slugInFile.get(owner.id) === undefined) {
      errors.push({ line: plan.line, column: 'slug', message: `is already the slug of product ${owner.id} (${owner.name}): choose another` });
    }
    lineOfSlug.set(slug, plan.line);
  }
  return errors;
}

/** The report: errors by line, then in the header's order, the first few hundred of them. */
function planOf(errors: ProductCsvError[], changes: PlannedProduct[], rows: number, summary: ImportPlan['report']['summary'], columns = new Map<string, number>()): ImportPlan {
  const place = (error: ProductCsvError) => columns.get(error.column) ?? -1;
  const sorted = [...errors].sort((a, b) => a.line - b.line || place(a) - place(b));
  return {
    report: { ok: errors.length === 0, rows, summary, errors: sorted.slice(0, PRODUCT_CSV_ERROR_LIMIT), errorCount: errors.length },
    changes: errors.length === 0 ? changes : [],
  };
}

/** UTF-8 text (a byte order mark is left for the reader to drop), or null when the bytes are not UTF-8. */
function decode(body: Buffer | string): string | null {
  if (typeof body === 'string') return body;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    return null;
  }
}
