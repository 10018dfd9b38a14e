import type { ProductImportReport } from '@charms/contracts/admin-products-csv';
import type { AdminApi } from '../admin-api.server';

/** The products CSV's calls: the file goes to the API as it is (text/csv), through the admin's client. */
export function productCsvApi(admin: AdminApi) {
  return {
    check: (csrf: string | null, csv: string) => admin.call<ProductImportReport>('POST', '/admin-products/import?dryRun=true', { csrf, body: csv, contentType: 'text/csv' }),
    import: (csrf: string | null, csv: string) => admin.call<ProductImportReport>('POST', '/admin-products/import?dryRun=false', { csrf, body: csv, contentType: 'text/csv' }),
  };
}
