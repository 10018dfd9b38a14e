import { ENHANCED_FIELD } from './bag-result';
import { useHydrated } from './use-hydrated';

/** The hidden fields every bag form carries: its intent, and (once hydrated) the marker that asks for data. */
export function BagFormFields({ intent, itemUuid }: { intent: string; itemUuid?: string }) {
  const hydrated = useHydrated();
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {itemUuid ? <input type="hidden" name="itemUuid" value={itemUuid} /> : null}
      {hydrated ? <input type="hidden" name={ENHANCED_FIELD} value="1" /> : null}
    </>
  );
}

/** A result next to its form: polite status when it worked, an alert when it did not. */
export function BagMessage({ result, id }: { result: { ok: boolean; message: string } | undefined; id?: string }) {
  return (
    <div role="status" className="bag-message" id={id}>
      {result ? <p className={result.ok ? 'notice notice--ok' : 'notice notice--error'}>{result.message}</p> : null}
    </div>
  );
}
