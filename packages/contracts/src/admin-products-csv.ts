import { z } from 'zod';
import { fieldMessage } from './messages';

/**
 * The products CSV (docs/admin.md, "Products CSV"): POST /admin-products/import takes the file as its body
 * (text/csv, UTF-8) and answers a report; GET /admin-products/export.csv answers every product in the same format.
 */
export const PRODUCT_CSV_MAX_BYTES = 15 * 1024 * 1024;
/** A report lists this many errors at most (the total is still counted): enough to fix a file in a few passes. */
export const PRODUCT_CSV_ERROR_LIMIT = 500;

export const productImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], fieldMessage('must be true or false'))
    .default('false')
    .transform((value) => value === 'true')
    .describe('true: check the file and say what it would change, changing nothing'),
});

export const productCsvErrorSchema = z.object({
  line: z.number().int().describe("The file's line, as a text editor numbers them (the header is line 1)"),
  column: z.string().describe('The header name of the cell, or "" for the whole line'),
  message: z.string(),
});
export type ProductCsvError = z.infer<typeof productCsvErrorSchema>;

export const productImportReportSchema = z
  .object({
    dryRun: z.boolean(),
    /** True when the file has no error: a dry run could be imported as it is; an import was applied. */
    ok: z.boolean(),
    rows: z.number().int().describe('Products in the file'),
    summary: z.object({
      new: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      retired: z.number().int().describe('Products this file retires (they leave the storefront)'),
    }),
    errors: z.array(productCsvErrorSchema).describe(`The first ${PRODUCT_CSV_ERROR_LIMIT} errors, by line`),
    errorCount: z.number().int().describe('Every error in the file, listed or not'),
  })
  .meta({ id: 'ProductImportReport' });
export type ProductImportReport = z.infer<typeof productImportReportSchema>;
