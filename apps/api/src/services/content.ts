import type { ContentResponse } from '@charms/contracts/content';
import { sql } from 'drizzle-orm';
import xss from 'xss';

// xss is CommonJS: under Node's ESM loader only some names are importable directly, so take them from the default export.
const { FilterXSS, safeAttrValue } = xss as unknown as typeof import('xss');
import type { Db } from '../db/client';
import { cmsPages } from '../db/schema';
import { notFound } from '../http-error';

/** What a CMS page may say about the store: filled in at read time, so pages follow the configuration. */
export interface ContentValues {
  storeName: string;
  storePhone: string;
  photoArtEmail: string;
}

/**
 * An allow-list of the markup a content page needs. Everything else is dropped with its content when it can run
 * code (script, style, iframe...), or reduced to its text otherwise. Links keep only http(s), mailto, tel and
 * site-relative targets.
 */
const allowedTags: Record<string, string[]> = {
  h2: ['id'], h3: ['id'], h4: ['id'], p: [], br: [], hr: [], strong: [], em: [], b: [], i: [], small: [],
  ul: [], ol: [], li: [], dl: [], dt: [], dd: [], blockquote: [], abbr: ['title'],
  a: ['href', 'title'],
  table: [], caption: [], thead: [], tbody: [], tr: [], th: ['scope'], td: [],
  section: ['aria-labelledby'], figure: [], figcaption: [],
  img: ['src', 'alt', 'width', 'height', 'loading'],
};
const SAFE_URL = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

const sanitizer = new FilterXSS({
  whiteList: allowedTags,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math'],
  allowCommentTag: false,
  safeAttrValue: (tag, name, value, cssFilter) => {
    if ((name === 'href' || name === 'src') && !SAFE_URL.test(value.trim())) return '';
    return safeAttrValue(tag, name, value, cssFilter);
  },
});

export function sanitizeContentHtml(html: string): string {
  return sanitizer.process(html);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

const PLACEHOLDER = /\{\{(storeName|storePhone|photoArtEmail)\}\}/g;

/** Replaces {{storeName}}, {{storePhone}}, {{photoArtEmail}} with the configured values (escaped in HTML). */
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
    cmsData: sanitizeContentHtml(fillContentValues(page.html, values)),
  };
}
