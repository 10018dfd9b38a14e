import { data, isRouteErrorResponse } from 'react-router';
import { NotFound } from '../components/not-found';
import { apiErrorStatus } from '../lib/api-status';
import { seoMeta } from '../lib/seo';
import type { Route } from './+types/cms-page';
import { sharedPage } from '../lib/shared-page';

/** The same for every shopper with the same prefs: the server may keep it (lib/shared-page.ts). */
export const handle = sharedPage;

export const meta: Route.MetaFunction = ({ data, matches }) => seoMeta(data, matches);

/**
 * Any path no other route claims: the CMS page stored for it (sanitized HTML from the content call), else the
 * not-found page with status 404. If the content call fails, the page renders without content (spec: silently)
 * and the failure is logged; the status is 503 so nothing caches or indexes the empty page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const path = safeDecode(new URL(request.url).pathname);
  try {
    const page = await context.api.getContent(path);
    return { seo: page, html: page.cmsData };
  } catch (error) {
    const status = apiErrorStatus(error);
    if (status === 404 || status === 400) throw data('Not found', { status: 404 });
    context.log.error({ path, err: error }, 'content call failed');
    return data({ seo: null, html: null }, { status: 503 });
  }
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export default function CmsPage({ loaderData }: Route.ComponentProps) {
  const { seo, html } = loaderData;
  if (!seo || html === null) return <div className="page page--narrow" />;
  return (
    <div className="page page--narrow prose">
      <h1>{seo.heading}</h1>
      {/* Sanitized by the API (allow-list of tags and attributes, safe link schemes only). */}
      <div className="cms-content" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}
