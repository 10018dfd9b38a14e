import type { FormResult } from '../form-result';

/**
 * A form's outcome, next to the form: success as a status message, a refusal as an alert, in the API's words.
 * Rendered only when there is something to say, so a screen reader announces it once.
 */
export function FormMessage({ result, id }: { result: FormResult | undefined; id?: string }) {
  if (!result) return null;
  return result.ok ? (
    <p className="admin-message admin-message--ok" role="status" id={id}>
      {result.message}
    </p>
  ) : (
    <p className="admin-message admin-message--error" role="alert" id={id}>
      {result.message}
    </p>
  );
}
