import type { ContentResponse } from '@charms/contracts/content';
import { sql } from 'drizzle-orm';
import xss from 'xss';

// xss is CommonJS: under Node's ESM loader only some names are importable directly, so take them from the default export.
const { FilterXSS, friendlyAttrValue } = xss as unknown as typeof import('xss');
import type { StoreSettings } from '@charms/domain/store-settings';
import type { Db } from '../db/client';
import { cmsPages } from '../db/schema';
import { notFound } from '../http-error';

/** What a CMS page may say about the store: filled in at read time, so pages follow the configuration. */
export interface ContentValues {
  storeName: string;
  storePhone: string;
  photoArtEmail: string;
  contactEmail: string;
}

export const contentValuesOf = (settings: StoreSettings): ContentValues => ({
  storeName: settings.storeName,
  storePhone: settings.phone,
  photoArtEmail: settings.photoArtEmail,
  contactEmail: settings.contactEmail,
});

/**
 * An allow-list of the markup a content page needs. Everything else is dropped with its content when it can run
 * code (script, style, iframe...), or reduced to its text otherwise. No tag keeps a style or class attribute, so
 * nothing can be positioned over the page or borrow the storefront's own classes; no on* handler is allowed.
 */
const allowedTags: Record<string, string[]> = {
  h2: ['id'], h3: ['id'], h4: ['id'], p: [], br: [], hr: [], strong: [], em: [], b: [], i: [], small: [],
  ul: [], ol: [], li: [], dl: [], dt: [], dd: [], blockquote: [], abbr: ['title'],
  a: ['href', 'title'],
  table: [], caption: [], thead: [], tbody: [], tr: [], th: ['scope'], td: [],
  section: ['aria-labelledby'], figure: [], figcaption: [],
  img: ['src', 'alt', 'width', 'height', 'loading'],
};

/**
 * Links and images keep only http(s), mailto, tel, site-relative (not //host or /\host, which browsers read as
 * another site) and #fragment targets. The test runs on the value as a browser reads it: character references
 * decoded (&#106;avascript:, &colon;) and every space and control character removed (java\tscript:), so no
 * spelling of javascript:, data: or vbscript: gets through.
 */
const SAFE_URL = /^(https?:\/\/|mailto:|tel:|\/(?![/\\])|#)/i;
const SPACE_OR_CONTROL = /[\u0000-\u0020\u007F-\u00A0\u1680\u180E\u2000-\u200F\u2028\u2029\u202F\u205F\u3000\uFEFF]/g;
export const isSafeContentUrl = (value: string) => SAFE_URL.test(friendlyAttrValue(value).replace(SPACE_OR_CONTROL, ''));

const sanitizer = new FilterXSS({
  whiteList: allowedTags,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math', 'noembed', 'noframes', 'xmp', 'textarea', 'title'],
  allowCommentTag: false,
  // An unsafe link target is dropped with its attribute (an empty href would still be a link to this page).
  onTagAttr: (_tag, name, value, isWhiteAttr) => (isWhiteAttr && (name === 'href' || name === 'src') && !isSafeContentUrl(value) ? '' : undefined),
});

/**
 * The sanitizer marks where it drops a tag with its body as [removed], and leaves the mark when the tag is never
 * closed (<script>x): the marks are taken out, and the same words typed in a page are kept by writing their [ as
 * a character reference first.
 */
const REMOVED_MARK = /\[\/?removed\]/g;

/** Reduces a content page's HTML to the allow-list; run when a page is saved and again when it is served. */
export function sanitizeContentHtml(html: string): string {
  return sanitizer.process(html.replace(REMOVED_MARK, (mark) => `&#91;${mark.slice(1)}`)).replace(REMOVED_MARK, '');
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** A page's body as the storefront shows it: values filled in, then sanitized (what the admin's preview shows too). */
export const renderContentHtml = (html: string, values: ContentValues) => sanitizeContentHtml(fillContentValues(html, values));

const PLACEHOLDER = /\{\{(storeName|storePhone|photoArtEmail|contactEmail)\}\}/g;

/** Replaces {{storeName}}, {{storePhone}}, {{photoArtEmail}}, {{contactEmail}} with the store's settings (escaped in HTML). */
export function fillContentValues(text: string, values: ContentValues, as: 'html' | 'text' = 'html'): string {
  return text.replace(PLACEHOLDER, (_match, key: keyof ContentValues) => (as === 'html' ? escapeHtml(values[key]) : values[key]));
}

/** A stored path is matched without a trailing slash and regardless of case: /Shipping/ finds /shipping. */
export function normalizeContentPath(objectKey: string): string {
  const trimmed = objectKey.length > 1 ? objectKey.replace(/\/+$/, '') : objectKey;
  return trimmed || '/';
}

export async function getContentPage(db: Db, objectKey: string, values: ContentValues): Promise<ContentResponse> {
  const path = normalizeContentPath(objectKey);
  const [page] = await db
    .select()
    .from(cmsPages)
    .where(sql`lower(${cmsPages.path}) = lower(${path})`)
    .limit(1);
  if (!page) throw notFound(`There is no content page at ${path}.`);
  const heading = fillContentValues(page.title, values, 'text');
  return {
    heading,
    htmlHeadTitle: `${heading} | ${values.storeName}`,
    htmlHeadMetaKeywords: page.metaKeywords,
    htmlHeadMetaDescription: fillContentValues(page.metaDescription, values, 'text'),
    canonicalUrl: page.path,
    dataLayers: [],
    cmsData: renderContentHtml(page.html, values),
  };
}
