import { formatCount } from '@charms/domain/money';
import type { ProductImportReport } from '@charms/contracts/admin-products-csv';

/** The export, which the browser downloads from the API itself (a GET with the staff session's cookie). */
export const PRODUCT_CSV_EXPORT_PATH = '/api/admin-products/export.csv';

const plural = (count: number, one: string, many = `${one}s`) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** What a file would change (or changed), and its errors as a table of line, column and message. */
export function ImportReport({ report }: { report: ProductImportReport }) {
  const { summary } = report;
  return (
    <section className="admin-panel csv-report" aria-labelledby="csv-report-title">
      <h2 id="csv-report-title">{report.dryRun ? 'Dry run' : 'Import'}: {plural(report.rows, 'product')} in the file</h2>
      <ul className="csv-summary">
        <li>
          <strong>{formatCount(summary.new)}</strong> new
        </li>
        <li>
          <strong>{formatCount(summary.updated)}</strong> updated
        </li>
        <li>
          <strong>{formatCount(summary.unchanged)}</strong> unchanged
        </li>
        <li>
          <strong>{formatCount(summary.retired)}</strong> retired
        </li>
      </ul>
      {report.errorCount > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table csv-errors">
            <caption>
              {plural(report.errorCount, 'error')}
              {report.errorCount > report.errors.length ? ` (the first ${formatCount(report.errors.length)} shown)` : ''}: nothing is imported until every one is fixed
            </caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  Line
                </th>
                <th scope="col">Column</th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {report.errors.map((error, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: errors have no id; the list is rendered once
                <tr key={index}>
                  <td className="num">{error.line}</td>
                  <td>
                    <code>{error.column || '(whole line)'}</code>
                  </td>
                  <td>{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
