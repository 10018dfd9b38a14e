import { METAL_IDS } from '@charms/domain/metals';
import { parseStaffPrice } from '@charms/domain/money';
import { isIsoDate, isTimeZone, parseCutoff } from '@charms/domain/store-settings';
import { z } from 'zod';
import { fieldMessage } from './messages';
import { adminChangeSchema } from './admin-audit';
import { safeText } from './text';

/**
 * The store settings in the admin: staff read them, owners change them. Prices are typed in dollars ("14.75") and
 * answered in cents. A shipping price may be 0 (free); engraving per character and the assembly fee may not.
 * Closure days must not be already past: that is checked against the store's today by the API.
 */
const text = (max: number) =>
  safeText({ message: 'is required' })
    .trim()
    .min(1, { message: 'is required' })
    .max(max, { message: `must be at most ${max} characters` });

const email = z.string(fieldMessage('must be an email address')).trim().pipe(z.email({ message: 'must be an email address, such as orders@yourshop.com' }));

/** A social page: an https:// address, or empty for no link. */
const socialPage = z
  .union([z.string(), z.null()], fieldMessage('must be an https:// address, or empty'))
  .transform((value) => (value ?? '').trim())
  .pipe(z.union([z.literal(''), z.url({ protocol: /^https$/, hostname: z.regexes.domain, message: 'must be an https:// address, such as https://www.facebook.com/yourshop' })]))
  .transform((value) => (value === '' ? null : value));

/** Dollars as typed; a number is read as its text, so 1.005 is refused, never rounded. */
const price = (options: { allowZero: boolean }) =>
  z.union([z.string(), z.number()], fieldMessage('must be an amount in dollars')).transform((value, context) => {
    const parsed = parseStaffPrice(String(value), options);
    if ('error' in parsed) {
      context.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return parsed.cents;
  });

/** Checkbox values arrive as one string or several; JSON callers send numbers. */
const metalIds = z
  .union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()], fieldMessage('must be a list of metal ids'))
  .transform((value, context) => {
    const ids = (Array.isArray(value) ? value : [value]).map((id) => Number(id));
    const unknown = ids.filter((id) => !(METAL_IDS as readonly number[]).includes(id));
    if (unknown.length > 0) {
      context.addIssue({ code: 'custom', message: `has an unknown metal: ${unknown.join(', ')}` });
      return z.NEVER;
    }
    return [...new Set(ids)].sort((a, b) => a - b);
  });

/** One a line, or separated by commas or spaces; JSON callers may send a list. */
const closureDays = z
  .union([z.string(), z.array(z.string())], fieldMessage('must be dates written YYYY-MM-DD'))
  .transform((value, context) => {
    const written = (Array.isArray(value) ? value : value.split(/[\s,]+/)).map((day) => day.trim()).filter(Boolean);
    const bad = written.filter((day) => !isIsoDate(day));
    const twice = [...new Set(written.filter((day, index) => written.indexOf(day) !== index))];
    if (bad.length > 0) context.addIssue({ code: 'custom', message: `${bad.join(', ')}: not a date written YYYY-MM-DD` });
    if (twice.length > 0) context.addIssue({ code: 'custom', message: `${twice.join(', ')}: listed twice` });
    return bad.length > 0 || twice.length > 0 ? z.NEVER : [...written].sort();
  });

/** PUT /admin-settings: every setting, as the form has them. */
export const saveSettingsBodySchema = z.strictObject({
  storeName: text(100),
  phone: text(40).refine((value) => /^[0-9+()./ -]{7,40}$/.test(value) && /\d{7}/.test(value.replace(/\D/g, '')), { message: 'must be a phone number, such as 1-800-555-0142' }),
  contactEmail: email,
  ordersEmail: email,
  photoArtEmail: email,
  facebookUrl: socialPage.default(null),
  pinterestUrl: socialPage.default(null),
  twitterUrl: socialPage.default(null),
  shippingGround: price({ allowZero: true }),
  shippingTwoDay: price({ allowZero: true }),
  shippingNextDay: price({ allowZero: true }),
  shippingSaturday: price({ allowZero: true }),
  engravingPerCharacter: price({ allowZero: false }),
  engravingFreeMetalIds: metalIds.default([]),
  assemblyFee: price({ allowZero: false }),
  sameDayCutoff: z.string(fieldMessage('must be a time such as 12:00')).refine((value) => parseCutoff(value) !== null, { message: 'must be a 24-hour time written HH:MM, such as 12:00' }),
  timeZone: z.string(fieldMessage('must be a time zone such as America/Chicago')).trim().refine(isTimeZone, { message: 'must be a time zone name such as America/Chicago (not an abbreviation such as CST)' }),
  closureDays: closureDays.default([]),
});
export type SaveSettingsInput = z.input<typeof saveSettingsBodySchema>;
export type SaveSettings = z.output<typeof saveSettingsBodySchema>;

const centsSchema = z.number().int();

export const storeSettingsSchema = z
  .object({
    storeName: z.string(),
    phone: z.string(),
    contactEmail: z.string(),
    ordersEmail: z.string(),
    photoArtEmail: z.string(),
    social: z.object({ facebook: z.string().nullable(), pinterest: z.string().nullable(), twitter: z.string().nullable() }),
    shippingPrices: z.object({ ground: centsSchema, 'two-day': centsSchema, 'next-day': centsSchema, saturday: centsSchema }),
    engraving: z.object({ centsPerCharacter: centsSchema, freeMetalIds: z.array(z.number().int()) }),
    assemblyFeeCents: centsSchema,
    sameDayCutoff: z.string(),
    timeZone: z.string(),
    closureDays: z.array(z.string()),
  })
  .meta({ id: 'StoreSettings' });

/** GET /admin-settings and PUT's answer: the settings, the store's today, and who changed what. */
export const adminSettingsSchema = z
  .object({
    settings: storeSettingsSchema,
    /** The store's today (its time zone): closure days before it are past. */
    today: z.string(),
    history: z.array(adminChangeSchema).describe('Who changed what, when: newest first'),
  })
  .meta({ id: 'AdminSettings' });
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
