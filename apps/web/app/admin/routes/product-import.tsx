import { formatCount } from '@charms/domain/money';
import { PRODUCT_CSV_MAX_BYTES, type ProductImportReport, productImportReportSchema } from '@charms/contracts/admin-products-csv';
import { Form, Link, data, useNavigation, useRouteLoaderData } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { adminApi } from '../admin-api.server';
import { CsrfField } from '../components/csrf-field';
import { csrfOf, failed, refused, textOf } from '../form-result.server';
import type { FormResult } from '../form-result';
import { ImportReport, PRODUCT_CSV_EXPORT_PATH } from '../product-csv/import-report';
import { productCsvApi } from '../product-csv/product-csv-api.server';
import '../product-csv/product-csv.css';
import type { loader as layoutLoader } from './layout';
import type { Route } from './+types/product-import';

export const meta: Route.MetaFunction = () => [{ title: 'Import products · Admin' }];
export { ErrorBoundary } from '../components/page-error';

type ImportResult = FormResult & { report?: ProductImportReport; csv?: string; fileName?: string };

/**
 * Two steps, without JavaScript as with it: "check" uploads the file and answers the dry run's report; a clean file
 * comes back in the confirm form (a hidden field), so "import" sends the very text that was checked, and no upload
 * waits on a server between the two (nothing is kept in any instance's memory). The API checks it again anyway.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminApi(request, context);
  const form = await request.formData();
  const csrf = csrfOf(form);
  const api = productCsvApi(admin);
  if (textOf(form, 'intent') === 'import') {
    const csv = textOf(form, 'csv');
    try {
      const report = await api.import(csrf, csv);
      return data<ImportResult>({ intent: 'import', ok: true, message: `Imported: ${report.summary.new} new, ${report.summary.updated} updated, ${report.summary.retired} retired.`, report }, { headers: admin.headers() });
    } catch (error) {
      // The catalog changed since the dry run (a slug taken meanwhile): the report says where.
      const parsed = error instanceof ApiError ? productImportReportSchema.safeParse(error.body?.error.details) : undefined;
      if (parsed?.success) return data<ImportResult>({ intent: 'import', ok: false, message: error instanceof ApiError ? (error.body?.error.message ?? '') : '', report: parsed.data }, { status: 400, headers: admin.headers() });
      return failed(admin, 'import', error);
    }
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) return refused(admin, 'check', 'Choose a CSV file to check.', { file: 'is required' });
  if (file.size > PRODUCT_CSV_MAX_BYTES) return refused(admin, 'check', 'The file is larger than 15 MB: split it into several files.', { file: 'is larger than 15 MB' });
  let csv: string;
  try {
    csv = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return refused(admin, 'check', 'The file is not UTF-8 text: save it as "CSV UTF-8" (comma delimited).', { file: 'is not UTF-8 text' });
  }
  try {
    const report = await api.check(csrf, csv);
    const message = report.ok ? 'The file is ready to import: check the counts, then confirm.' : 'The file has errors: fix them and check it again. Nothing was changed.';
    return data<ImportResult>({ intent: 'check', ok: report.ok, message, report, fileName: file.name, ...(report.ok ? { csv } : {}) }, { headers: admin.headers() });
  } catch (error) {
    return failed(admin, 'check', error);
  }
}

export default function ProductImport({ actionData }: Route.ComponentProps) {
  const result = actionData as ImportResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' ? navigation.formData?.get('intent') : undefined;
  const toConfirm = result?.intent === 'check' && result.ok && result.csv !== undefined;
  const changes = result?.report ? result.report.summary.new + result.report.summary.updated + result.report.summary.retired : 0;
  // Importing is the owners' (the API says so); staff export only, told so before they choose a file.
  const isOwner = useRouteLoaderData<typeof layoutLoader>('admin')?.staff.role === 'owner';
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>Import products</h1>
        <div className="admin-actions">
          <Link to="/admin/products">All products</Link>
          <a className="admin-button" href={PRODUCT_CSV_EXPORT_PATH} download>
            Download CSV
          </a>
        </div>
      </div>
      <p>
        One row per product, a price and availability column per metal. Download the catalog, change it in a spreadsheet, and
        upload it here: a row with an id changes that product, a row without one adds a product. A check changes nothing;
        the import applies the whole file or nothing of it.
      </p>
      {isOwner ? null : <p className="admin-panel">Only an owner can import products. You can download the catalog as CSV.</p>}
      {isOwner ? (
        <Form method="post" encType="multipart/form-data" className="admin-panel csv-upload" aria-label="Check a CSV file">
          <CsrfField />
          <input type="hidden" name="intent" value="check" />
          <label>
            CSV file (UTF-8, up to 15 MB)
            <input type="file" name="file" accept=".csv,text/csv" required aria-invalid={result?.fields?.file ? true : undefined} />
          </label>
          <button type="submit" className="admin-button admin-button--primary" disabled={busy !== undefined}>
            {busy === 'check' ? 'Checking…' : 'Check file'}
          </button>
        </Form>
      ) : null}
      {result ? (
        <p className={`admin-message ${result.ok ? 'admin-message--ok' : 'admin-message--error'}`} role={result.ok ? 'status' : 'alert'}>
          {result.fileName ? `${result.fileName}: ` : ''}
          {result.message}
        </p>
      ) : null}
      {result?.report ? <ImportReport report={result.report} /> : null}
      {toConfirm ? (
        <Form method="post" encType="multipart/form-data" className="admin-actions" aria-label="Confirm the import">
          <CsrfField />
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name="csv" value={result.csv} />
          <button type="submit" className="admin-button admin-button--primary" disabled={busy !== undefined || changes === 0}>
            {busy === 'import' ? 'Importing…' : changes === 0 ? 'Nothing to import' : `Import ${formatCount(changes)} ${changes === 1 ? 'change' : 'changes'}`}
          </button>
        </Form>
      ) : null}
      <details className="admin-panel csv-help">
        <summary>The file's columns</summary>
        <p>
          <code>id, slug, name, description, brand, kind, primary_category, categories, price_sterling_silver, available_sterling_silver</code> (and a
          price and availability column for 14k_gold, 14k_white_gold, 10k_gold and gold_plate),{' '}
          <code>engraving_max_chars, engraving_fonts, sizes, clasp, lead_time_min_days, lead_time_max_days, photo_art, returnable, seo_title, seo_description, retired</code>.
        </p>
        <p>
          Only the columns present change anything. Prices in dollars (12.50); an empty price: not offered in that metal. Lists (categories, fonts,
          lengths) separated by <code>|</code>; categories by the slug of their address. Yes/no columns take true or false.
        </p>
      </details>
    </div>
  );
}
