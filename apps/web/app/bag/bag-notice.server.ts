import type { Cookie } from 'react-router';
import { isHttps } from '../lib/https';
import { z } from 'zod';
import type { AddedLine, BagResult } from './bag-result';

/** The added line as the notice carries it (the cookie is signed: this only guards against our own older shapes). */
const addedLineSchema = z.object({
  productId: z.number(),
  metalId: z.number(),
  braceletSize: z.number().nullable(),
  quantity: z.number(),
  engraving: z.object({ text: z.string().max(200), font: z.string().max(40) }).nullable(),
}) satisfies z.ZodType<AddedLine>;
const photoSchema = z.object({ ok: z.boolean(), message: z.string().max(500) });

/**
 * Without JavaScript a bag form posts, and the action redirects back (post/redirect/get) with its message in the
 * bag-notice cookie for one minute; the page reads it once and clears it. HttpOnly (only the server needs it) and
 * signed: the page shows its words as ours, so only a message this server wrote is shown.
 */
export function noticeCookie(cookie: Cookie, request: Request, result: Pick<BagResult, 'intent' | 'ok' | 'message' | 'added' | 'photo'>): Promise<string> {
  return cookie.serialize(
    {
      intent: result.intent,
      ok: result.ok,
      message: result.message.slice(0, 500),
      ...(result.added ? { added: result.added } : {}),
      ...(result.photo ? { photo: { ok: result.photo.ok, message: result.photo.message.slice(0, 500) } } : {}),
    },
    { secure: isHttps(request.url) },
  );
}

/** The notice left for this request, and the Set-Cookie that clears it (null when there was none). */
export async function takeNotice(cookie: Cookie, request: Request): Promise<{ notice: BagResult | null; clear: string | null }> {
  const header = request.headers.get('cookie');
  if (!header?.includes(`${cookie.name}=`)) return { notice: null, clear: null };
  const clear = await cookie.serialize('', { maxAge: 0, secure: isHttps(request.url) });
  // null when the signature is not ours (or the value is not one we wrote).
  const parsed = (await cookie.parse(header)) as Partial<BagResult> | null;
  if (!parsed || typeof parsed !== 'object' || typeof parsed.intent !== 'string' || typeof parsed.message !== 'string') return { notice: null, clear };
  const added = addedLineSchema.safeParse(parsed.added);
  const photo = photoSchema.safeParse(parsed.photo);
  return {
    notice: { intent: parsed.intent, ok: parsed.ok === true, message: parsed.message, ...(added.success ? { added: added.data } : {}), ...(photo.success ? { photo: photo.data } : {}) },
    clear,
  };
}
