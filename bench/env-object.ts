/**
 * An environment variable that holds a JSON object of strings (more headers, more environment for a process), or
 * {} when it is unset or empty; anything else is refused with an example of what it takes.
 */
export function envObject(variable: string, example: string): Record<string, string> {
  const text = process.env[variable];
  if (!text) return {};
  const wrong = () => new Error(`${variable} must be a JSON object of strings, e.g. '${example}', not ${text}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw wrong();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || Object.values(parsed).some((value) => typeof value !== 'string')) {
    throw wrong();
  }
  return parsed as Record<string, string>;
}
