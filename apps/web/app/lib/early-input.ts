/**
 * What a shopper typed, ticked or picked before the page's scripts ran, handed to the page once they have.
 *
 * Why: a page is plain HTML until it hydrates, and a shopper may type into it first (the page's scripts start after
 * its first paint, see render-document.server.tsx, and later still on a slow connection). React hydrates a field
 * without touching what is in it, but never hears of that input: no change event fires. A controlled field's state
 * stays what the server rendered, and the next render writes that state back over the text (the newsletter form
 * then says the address is missing and empties the field); an uncontrolled field's onChange work (a checkout form
 * keeping its details, a state that loads its shipping options) never runs.
 *
 * So, once the page has hydrated, every field whose value differs from the one it was served with (its default) gets
 * the event React listens to for it, as if the shopper had just made that change: `input` for text, `click` for a
 * checkbox or radio, `change` for a select. React fires an onChange only when a field's value differs from the last
 * value it saw, and it saw the typed one at hydration; so the field is first set back to its default through its own
 * property (which React watches), then to the shopper's value through the browser's setter (which it does not), and
 * the event follows. This is how React's own test utilities and Testing Library simulate typing. React's experimental
 * builds do the same on hydration (`enableHydrationChangeEvent`); this can go once a stable React does.
 *
 * A field's default is what the server rendered, which React's hydration also sets, so a page that arrived by a
 * client-side navigation (rendered by React, never typed into first) has nothing to replay.
 *
 * A textarea served with text (the bag's saved comments) is the one field hydration changes: React sets it back to
 * that text. So the page's starter (scripts-after-paint.ts), which runs before hydration, keeps what was last typed
 * into each textarea on the field itself, as TYPED_BEFORE_HYDRATION, and that is what is replayed.
 */
export const TYPED_BEFORE_HYDRATION = 'typedBeforeHydration';
export function replayEarlyInput(root: ParentNode): number {
  // Every early change is read before any is replayed (in the page's order): each replay may render the page again,
  // and a render writes each controlled field's state (still the served one) back into it.
  const replays = [...root.querySelectorAll<FormField>('input, textarea, select')].map(earlyChange).filter((replay) => replay !== null);
  for (const replay of replays) replay();
  return replays.length;
}

type FormField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** How to tell the page of a field's change since it was served, or null when it has none. */
function earlyChange(field: FormField): (() => void) | null {
  if (field.tagName === 'SELECT') {
    const select = field as HTMLSelectElement;
    const picked = [...select.options].map((option) => option.selected);
    // An option's `selected` attribute is what it was served with (its defaultSelected).
    if (picked.every((selected, index) => selected === select.options[index]?.hasAttribute('selected'))) return null;
    return () => {
      picked.forEach((selected, index) => {
        const option = select.options[index];
        if (option) option.selected = selected;
      });
      select.dispatchEvent(new Event('change', { bubbles: true }));
    };
  }
  if (field.type === 'checkbox' || field.type === 'radio') {
    const box = field as HTMLInputElement;
    const wanted = box.checked;
    // A radio group counts once, for the one picked: the one it replaced lost its tick by the same click.
    if (wanted === box.defaultChecked || (box.type === 'radio' && !wanted)) return null;
    return () => {
      box.checked = !wanted;
      box.click();
      if (box.checked !== wanted) box.checked = wanted;
    };
  }
  const text = field as (HTMLInputElement | HTMLTextAreaElement) & { [TYPED_BEFORE_HYDRATION]?: string };
  const typed = text[TYPED_BEFORE_HYDRATION] ?? text.value;
  // Buttons and hidden fields have no value but their attribute; a file's is not text to set.
  if (typed === text.defaultValue || text.type === 'file') return null;
  return () => {
    text.value = text.defaultValue;
    // The browser's own setter, below the one React puts on each field it watches (on the field itself).
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(text), 'value')?.set?.call(text, typed);
    text.dispatchEvent(new Event('input', { bubbles: true }));
  };
}
