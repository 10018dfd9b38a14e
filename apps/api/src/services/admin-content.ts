import type { AdminContentPage, SaveContentPageBody } from '@charms/contracts/admin-content';
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cmsPages, staffAccounts } from '../db/schema';
import { notFound } from '../http-error';
import { type Actor, recordAudit } from '../staff/audit';
import { sanitizeContentHtml } from './content';

/**
 * Staff manage the CMS pages here. A path is one page whatever its case (the storefront finds /Shipping at
 * /shipping), so every call finds a page by its lower-cased path. The storefront reads the table on every
 * request, so a change shows at once on every instance.
 */
const samePath = (path: string) => sql`lower(${cmsPages.path}) = lower(${path})`;

const pageColumns = { ...getTableColumns(cmsPages), updatedBy: staffAccounts.name };
type PageRow = typeof cmsPages.$inferSelect & { updatedBy: string | null };

const present = (row: PageRow): AdminContentPage => ({
  path: row.path,
  title: row.title,
  metaDescription: row.metaDescription,
  metaKeywords: row.metaKeywords,
  html: row.html,
  updatedAt: row.updatedAt.toISOString(),
  updatedBy: row.updatedBy,
});

const pages = (db: Db) => db.select(pageColumns).from(cmsPages).leftJoin(staffAccounts, eq(staffAccounts.id, cmsPages.updatedByStaffId));
const noPage = (path: string) => notFound(`There is no content page at ${path}.`);

export async function listContentPages(db: Db) {
  const rows = await pages(db).orderBy(asc(sql`lower(${cmsPages.path})`));
  return { pages: rows.map((row) => ({ path: row.path, title: row.title, updatedAt: row.updatedAt.toISOString(), updatedBy: row.updatedBy })) };
}

export async function getAdminContentPage(db: Db, path: string): Promise<AdminContentPage> {
  const [row] = await pages(db).where(samePath(path)).limit(1);
  if (!row) throw noPage(path);
  return present(row);
}

/** Holds one lock for every change to content pages, so two saves of /Gift and /gift at once make one page. */
const lockPages = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('cms_pages'))`);

/**
 * Creates the page at `body.path` or replaces the one there (its path then takes the spelling given). The HTML is
 * sanitized before it is stored. The audit row says what changed, with the body's length before and after
 * rather than the body itself.
 */
export async function saveContentPage(db: Db, actor: Actor & { id: string }, body: SaveContentPageBody): Promise<{ created: boolean; page: AdminContentPage }> {
  const html = sanitizeContentHtml(body.html);
  const created = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockPages(tx);
    const [before] = await tx.select().from(cmsPages).where(samePath(body.path)).for('update');
    const values = { path: body.path, title: body.title, metaDescription: body.metaDescription, metaKeywords: body.metaKeywords, html, updatedAt: sql`now()`, updatedByStaffId: actor.id };
    if (before) await tx.update(cmsPages).set(values).where(eq(cmsPages.path, before.path));
    else await tx.insert(cmsPages).values(values);
    const changed = (name: 'path' | 'title' | 'metaDescription' | 'metaKeywords') => before !== undefined && before[name] !== body[name];
    const details = {
      path: body.path,
      ...(before === undefined ? { title: body.title } : {}),
      ...Object.fromEntries((['path', 'title', 'metaDescription', 'metaKeywords'] as const).filter(changed).map((name) => [`${name}Changed`, { from: before![name], to: body[name] }])),
      htmlLength: { before: before?.html.length ?? null, after: html.length },
      ...(html === body.html ? {} : { sanitized: true }),
    };
    await recordAudit(tx, actor, { subjectType: 'content_page', subjectId: body.path.toLowerCase(), action: before ? 'content.updated' : 'content.created', details });
    return before === undefined;
  });
  return { created, page: await getAdminContentPage(db, body.path) };
}

export async function deleteContentPage(db: Db, actor: Actor & { id: string }, path: string): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockPages(tx);
    const [gone] = await tx.delete(cmsPages).where(samePath(path)).returning();
    if (!gone) throw noPage(path);
    await recordAudit(tx, actor, {
      subjectType: 'content_page',
      subjectId: gone.path.toLowerCase(),
      action: 'content.deleted',
      details: { path: gone.path, title: gone.title, htmlLength: { before: gone.html.length, after: null } },
    });
  });
}
