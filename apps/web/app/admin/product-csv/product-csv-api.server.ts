import type { ProductImportReport } from '@charms/contracts/admin-products-csv';
import type { AdminApi } from '../admin-api.server';

/** A CSV file as the API takes it: UTF-8 text/csv, sent as it is. */
const csvBody = (csv: string) => ({ contentType: 'text/csv; charset=utf-8', bytes: new TextEncoder().encode(csv) });

/** The products CSV's calls: the file goes to the API as it is (text/csv), through the admin's client. */
export function productCsvApi(admin: AdminApi) {
  return {
    check: (csrf: string | null, csv: string) => admin.call<ProductImportReport>('POST', '/admin-products/import?dryRun=true', { csrf, raw: csvBody(csv) }),
    import: (csrf: string | null, csv: string) => admin.call<ProductImportReport>('POST', '/admin-products/import?dryRun=false', { csrf, raw: csvBody(csv) }),
  };
}
