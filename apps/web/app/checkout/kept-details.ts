/**
 * The checkout's typed details, kept in this tab's sessionStorage so that a reload (or a visit to the bag and back)
 * does not lose them. sessionStorage, not localStorage or a cookie: it belongs to the one tab, ends when the tab
 * closes (a shared computer keeps nothing), and never goes to the server. Kept: contact, addresses, the billing
 * choice and the notes; never the card (its inputs have no name, and only these fields pass) nor the attempt's
 * idempotency key. Forgotten once the order is placed.
 */
const KEY = 'checkout-details';
const KEPT_PREFIXES = ['customer.', 'shippingAddress.', 'billingAddress.'];
const KEPT_NAMES = ['billingSame', 'orderComments', 'giftMessage'];
/** Longer than any field allows: a value past this was not typed into our form. */
const MAX_LENGTH = 1000;

export type KeptDetails = Record<string, string>;

const isKept = (name: string) => KEPT_NAMES.includes(name) || KEPT_PREFIXES.some((prefix) => name.startsWith(prefix));

/** Only the fields worth keeping, as strings of a sane length. */
export function keptFields(values: Record<string, unknown>): KeptDetails {
  const kept: KeptDetails = {};
  for (const [name, value] of Object.entries(values)) {
    if (isKept(name) && typeof value === 'string' && value.length <= MAX_LENGTH) kept[name] = value;
  }
  return kept;
}

/** The form's details as they stand (an unchecked "same as shipping" box is absent from FormData: say it). */
export function detailsOf(form: HTMLFormElement): KeptDetails {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value;
  values.billingSame = values.billingSame === 'on' ? 'on' : '';
  return keptFields(values);
}

/** The tab's storage, or null where the browser refuses it (storage turned off, some private modes). */
function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function keepDetails(details: KeptDetails, storage = tabStorage()): void {
  try {
    storage?.setItem(KEY, JSON.stringify(details));
  } catch {
    // Storage full or refused: the checkout works as before, it just forgets on a reload.
  }
}

/** What this tab kept, or null; anything that is not what keepDetails wrote is ignored. */
export function readKeptDetails(storage = tabStorage()): KeptDetails | null {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const kept = keptFields(parsed as Record<string, unknown>);
    return Object.keys(kept).length > 0 ? kept : null;
  } catch {
    return null;
  }
}

export function forgetDetails(storage = tabStorage()): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // Nothing to forget where storage is refused.
  }
}
