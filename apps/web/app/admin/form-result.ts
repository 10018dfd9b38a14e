/** What an admin form's action answers: which form, whether it worked, a sentence, and mistakes by field. */
export interface FormResult {
  intent: string;
  ok: boolean;
  message: string;
  fields?: Record<string, string>;
  code?: string | undefined;
  /** What the form sent, to fill it in again (a confirmation step, or a mistake to correct). */
  values?: Record<string, string>;
}

/** The result for one form of a page that has several (each form sends its `intent`). */
export function resultFor(result: FormResult | undefined, intent: string): FormResult | undefined {
  return result?.intent === intent ? result : undefined;
}
