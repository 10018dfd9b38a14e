/** Where the header's search box goes: /products/search/{text}, or nowhere for blank text. */
export function searchPath(text: string): string | null {
  const term = text.trim().replace(/\s+/g, ' ');
  return term ? `/products/search/${encodeURIComponent(term)}` : null;
}
