/**
 * zod error options that tell a missing value ("is required") from a wrong one (the given message),
 * so every field error reads as "<field> is required" or "<field> <what is wrong>".
 */
export function fieldMessage(message: string) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message) };
}
