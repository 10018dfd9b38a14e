import type { AdminChange } from '@charms/contracts/admin-audit';
import { formatDateTime } from '../format';
import { useTimeZone } from '../use-time-zone';

/**
 * The "Changes" panel of an entity's admin page: who changed it, when and from where, newest first, each change said
 * in the page's own words (`lines`: a price per metal in dollars, a metal by name). An action without lines (created,
 * retired) is said by its verb alone.
 */
export function ChangeHistory({
  id,
  history,
  verbs,
  lines,
  empty,
}: {
  id: string;
  history: readonly AdminChange[];
  verbs: Record<string, string>;
  lines: (change: AdminChange) => readonly string[];
  empty: string;
}) {
  const timeZone = useTimeZone();
  return (
    <section className="admin-panel" aria-labelledby={id}>
      <h2 id={id}>Changes</h2>
      {history.length === 0 ? (
        <p className="admin-muted">{empty}</p>
      ) : (
        <ol className="admin-timeline">
          {history.map((change) => {
            const said = lines(change);
            return (
              <li key={change.id}>
                <p className="admin-timeline__what">
                  {verbs[change.action] ?? 'Changed'} by {change.actor}
                </p>
                <p className="admin-muted">
                  <time dateTime={change.at}>{formatDateTime(change.at, timeZone)}</time>
                  {change.ip ? ` · from ${change.ip}` : ''}
                </p>
                {said.length > 0 ? (
                  <ul className="admin-changes">
                    {said.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
