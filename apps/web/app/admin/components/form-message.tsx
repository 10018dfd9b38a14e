import { useEffect, useRef } from 'react';
import type { FormResult } from '../form-result';

/**
 * A form's outcome, next to the form: success as a status message, a refusal as an alert, in the API's words.
 * Rendered only when there is something to say, so a screen reader announces it once. Long forms put it at their
 * top while their button is at the bottom: with JavaScript the page stays where it was after the answer, so the
 * message is scrolled into sight (a refusal with fields is not: the page focuses the first field to correct).
 */
export function FormMessage({ result, id }: { result: FormResult | undefined; id?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!result || (!result.ok && Object.keys(result.fields ?? {}).length > 0)) return;
    const box = ref.current?.getBoundingClientRect();
    if (box && (box.top < 0 || box.bottom > window.innerHeight)) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [result]);
  if (!result) return null;
  return result.ok ? (
    <p className="admin-message admin-message--ok" role="status" id={id} ref={ref}>
      {result.message}
    </p>
  ) : (
    <p className="admin-message admin-message--error" role="alert" id={id} ref={ref}>
      {result.message}
    </p>
  );
}
