import { describe, expect, it } from 'vitest';
import { ROBOTS_CONTENT, pageSeo, seoMeta } from './seo';

const store = (robots: 'index' | 'noindex') => ({ name: 'Charms', publicBaseUrl: 'https://shop.example', robots });
const matchesOf = (robots: 'index' | 'noindex') => [{ id: 'root', data: { store: store(robots) } }];
const page = { seo: pageSeo({ title: 'Dog Charms', description: 'Charms for dog lovers', path: '/products/category/Dog-Charms' }, 'Charms') };

/** The robots tags a page's head gets. */
const robotsOf = (tags: ReturnType<typeof seoMeta>) => tags.filter((tag) => 'name' in tag && tag.name === 'robots').map((tag) => (tag as { content: string }).content);

describe("a page's robots tag", () => {
  it('is one tag, saying what the shop says when the page asks nothing', () => {
    expect(robotsOf(seoMeta(page, matchesOf('index')))).toEqual([ROBOTS_CONTENT.index]);
    expect(robotsOf(seoMeta(page, matchesOf('noindex')))).toEqual([ROBOTS_CONTENT.noindex]);
  });

  it("is the page's own noindex in a shop that may be indexed (one tag, not the shop's beside it)", () => {
    expect(robotsOf(seoMeta(page, matchesOf('index'), 'noindex, follow'))).toEqual(['noindex, follow']);
    expect(robotsOf(seoMeta(page, matchesOf('index'), 'noindex, nofollow'))).toEqual(['noindex, nofollow']);
  });

  it("is the shop's noindex whatever the page asks, while the shop may not be indexed", () => {
    expect(robotsOf(seoMeta(page, matchesOf('noindex'), 'noindex, follow'))).toEqual([ROBOTS_CONTENT.noindex]);
  });

  it('keeps a page without its data (an error, not found) out of the index, its links followed', () => {
    expect(robotsOf(seoMeta(undefined, matchesOf('index')))).toEqual(['noindex, follow']);
    expect(robotsOf(seoMeta(page, []))).toEqual([ROBOTS_CONTENT.noindex]);
  });
});

describe("an error page's title", () => {
  const titleOf = (tags: ReturnType<typeof seoMeta>) => (tags.find((tag) => 'title' in tag) as { title?: string } | undefined)?.title;
  const failed = (error: unknown) => [...matchesOf('index'), { id: 'routes/product-detail', error }];
  // What a loader's `throw data(..., { status })` arrives as.
  const thrown = (status: number) => ({ status, statusText: '', internal: false, data: null });

  it('says what its heading says, with the shop’s name', () => {
    expect(titleOf(seoMeta(undefined, failed(thrown(404))))).toBe('Page not found | Charms');
    expect(titleOf(seoMeta(undefined, failed(thrown(503))))).toBe("We'll be back in a moment | Charms");
    expect(titleOf(seoMeta(undefined, failed(new Error('boom'))))).toBe('Something went wrong | Charms');
    expect(titleOf(seoMeta(undefined, matchesOf('index')))).toBe('Charms');
  });
});
