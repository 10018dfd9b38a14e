import { Link } from 'react-router';

/** A list's filters (and extra parameters, e.g. the page) as a query string; empty values are left out. */
export function queryOf(filters: Partial<Record<string, string>>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, ...extra })) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Filters typed into the address that the list cannot use, each said in words, next to the filters. */
export function FilterProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <div className="admin-message admin-message--error" role="alert">
      <p>These filters cannot be used:</p>
      <ul>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

/** Previous and next page of a filtered list, keeping its filters; nothing when it fits on one page. */
export function Pagination({ label, page, pages, filters }: { label: string; page: number; pages: number; filters: Partial<Record<string, string>> }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="admin-pagination">
      {page > 1 ? (
        <Link to={queryOf(filters, { page: String(page - 1) })} rel="prev">
          Previous page
        </Link>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={queryOf(filters, { page: String(page + 1) })} rel="next">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
