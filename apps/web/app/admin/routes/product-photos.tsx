import type { AdminPhoto, ProductPhotos } from '@charms/contracts/product-photos';
import { useEffect, useRef } from 'react';
import { Form, Link, data, redirect, useNavigation } from 'react-router';
import { adminApi } from '../admin-api.server';
import { CsrfField } from '../components/csrf-field';
import { FormMessage } from '../components/form-message';
import { formatDateTime } from '../format';
import { useTimeZone } from '../use-time-zone';
import type { FormResult } from '../form-result';
import { confirmFirst, csrfOf, failed, refused, succeeded, textOf } from '../form-result.server';
import { moved, photosApi } from '../photos/photos-api.server';
import { PHOTO_ACTIONS, photoChangeLine } from '../photos/photo-changes';
import '../photos/photos.css';
import type { Route } from './+types/product-photos';

export const meta: Route.MetaFunction = ({ data: loaderData }) => [{ title: `Photos · ${loaderData?.photos.product.name ?? 'Product'} · Admin` }];
export { ErrorBoundary } from '../components/page-error';

/** The limits said on the page; the API enforces them (apps/api/src/media/image-limits.ts). */
const LIMITS = 'JPEG, PNG or WebP, up to 20 MB each, up to 10 at a time (60 MB in all).';

/** /admin/products/<id>/photos: upload, describe, order and remove a product's photos. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = adminApi(request, context);
  if (!/^\d{1,9}$/.test(params.id)) throw data({ error: { message: 'There is no such product.' } }, { status: 404, headers: admin.headers() });
  const photos = await photosApi(admin, params.id).list();
  return data({ photos }, { headers: admin.headers() });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = adminApi(request, context);
  const api = photosApi(admin, params.id);
  const form = await request.formData();
  const intent = textOf(form, 'intent');
  const csrf = csrfOf(form);
  const photoId = textOf(form, 'photoId');
  const values = { photoId, alt: textOf(form, 'alt'), metal: textOf(form, 'metal') };
  // A photo's own result names it, so the message shows beside that photo.
  const done = (message: string) => data<FormResult>({ intent, ok: true, message, values: { photoId } }, { headers: admin.headers() });
  try {
    if (intent === 'upload') {
      // A file input with nothing chosen still sends one empty, nameless part.
      const files = form.getAll('photos').filter((file): file is File => typeof file !== 'string' && (file.size > 0 || file.name !== ''));
      if (files.length === 0) return refused(admin, intent, 'Choose one or more photos to upload.', { photos: 'Choose one or more photos.' }, values);
      const result = await api.upload(csrf, files, values);
      return succeeded(admin, intent, `${files.length === 1 ? 'The photo was' : `${files.length} photos were`} added. Shoppers see ${result.photos.length === files.length ? 'them' : 'the first photo in listings and all of them'} on the product's page now.`);
    }
    if (intent === 'save') {
      await api.update(csrf, photoId, { alt: values.alt, metal: values.metal || null });
      return done('Saved.');
    }
    if (intent === 'up' || intent === 'down') {
      const current = await api.list();
      const order = moved(
        current.photos.map((photo) => photo.id),
        Number(photoId),
        intent === 'up' ? -1 : 1,
      );
      await api.reorder(csrf, order);
      return done(order[0] === Number(photoId) ? 'Moved first: listings show this photo now.' : `Moved ${intent}.`);
    }
    if (intent === 'remove') return confirmFirst(admin, intent, 'Remove this photo? Shoppers stop seeing it at once.', values);
    if (intent === 'remove-confirmed') {
      await api.remove(csrf, photoId);
      return redirect(`/admin/products/${params.id}/photos?removed=1`, { headers: admin.headers() });
    }
  } catch (error) {
    return failed(admin, intent, error, {}, values);
  }
  return data<FormResult>({ intent, ok: false, message: 'Choose Upload, Save, Move or Remove.' }, { status: 400, headers: admin.headers() });
}

function metalName(photos: ProductPhotos, slug: string | null): string {
  return slug === null ? 'every metal' : (photos.metals.find((metal) => metal.slug === slug)?.name ?? slug);
}

function PhotoCard({ photo, index, photos, result }: { photo: AdminPhoto; index: number; photos: ProductPhotos; result: FormResult | undefined }) {
  const timeZone = useTimeZone();
  const mine = result?.values?.photoId === String(photo.id) ? result : undefined;
  const confirming = mine?.code === 'CONFIRM';
  const thumb = photo.sources.filter((source) => source.format === 'jpeg');
  const last = photos.photos.length - 1;
  const errors = mine && !mine.ok ? (mine.fields ?? {}) : {};
  return (
    <li className="photo-card" aria-labelledby={`photo-${photo.id}-title`}>
      <img
        src={thumb[0]!.url}
        srcSet={thumb.map((source) => `${source.url} ${source.width}w`).join(', ')}
        sizes="10rem"
        width={photo.width}
        height={photo.height}
        alt={photo.alt || `Photo ${index + 1}`}
        loading={index < 4 ? 'eager' : 'lazy'}
        className="photo-card__image"
      />
      <div className="photo-card__body">
        <h3 id={`photo-${photo.id}-title`} className="photo-card__title">
          Photo {index + 1}
          {index === 0 ? <span className="admin-badge">Shown in listings</span> : null}
        </h3>
        <p className="admin-muted photo-card__meta">
          {photo.width} × {photo.height} px · {metalName(photos, photo.metal)} · added {formatDateTime(photo.createdAt, timeZone)}
          {photo.createdBy ? ` by ${photo.createdBy}` : ''}
        </p>
        <FormMessage result={mine && !confirming ? mine : undefined} />
        <Form method="post" className="admin-form photo-card__form">
          <CsrfField />
          <input type="hidden" name="photoId" value={photo.id} />
          <div className="admin-field">
            <label htmlFor={`alt-${photo.id}`}>Alt text</label>
            <input id={`alt-${photo.id}`} name="alt" defaultValue={photo.alt} maxLength={250} aria-invalid={errors.alt ? true : undefined} aria-describedby={`alt-${photo.id}-hint`} />
            <span className="admin-field__hint" id={`alt-${photo.id}-hint`}>
              What the photo shows, for shoppers who cannot see it. Empty: the product's name.
            </span>
            {errors.alt ? <span className="admin-field__error">{errors.alt}</span> : null}
          </div>
          <div className="admin-field">
            <label htmlFor={`metal-${photo.id}`}>Metal</label>
            <select id={`metal-${photo.id}`} name="metal" defaultValue={photo.metal ?? ''} aria-invalid={errors.metal ? true : undefined}>
              <option value="">Every metal</option>
              {photos.metals.map((metal) => (
                <option key={metal.slug} value={metal.slug}>
                  {metal.name} only
                </option>
              ))}
            </select>
            {errors.metal ? <span className="admin-field__error">{errors.metal}</span> : null}
          </div>
          <div className="admin-actions photo-card__actions">
            <button type="submit" name="intent" value="save" className="admin-button admin-button--primary">
              Save
            </button>
            <button type="submit" name="intent" value="up" className="admin-button" disabled={index === 0} aria-label={`Move photo ${index + 1} up`}>
              ↑ Up
            </button>
            <button type="submit" name="intent" value="down" className="admin-button" disabled={index === last} aria-label={`Move photo ${index + 1} down`}>
              ↓ Down
            </button>
            <button type="submit" name="intent" value="remove" className="admin-button" aria-label={`Remove photo ${index + 1}`}>
              Remove
            </button>
          </div>
        </Form>
        {confirming ? (
          <Form method="post" className="photo-confirm" role="alertdialog" aria-label="Remove the photo?">
            <p>{mine.message}</p>
            <CsrfField />
            <input type="hidden" name="photoId" value={photo.id} />
            <div className="admin-actions">
              <button type="submit" name="intent" value="remove-confirmed" className="admin-button admin-button--danger" autoFocus>
                Remove photo {index + 1}
              </button>
              <Link to="." className="admin-button">
                Keep it
              </Link>
            </div>
          </Form>
        ) : null}
      </div>
    </li>
  );
}

export default function ProductPhotosPage({ loaderData, actionData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const { photos } = loaderData;
  const result = actionData as FormResult | undefined;
  const navigation = useNavigation();
  const uploading = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'upload';
  const uploadResult = result?.intent === 'upload' ? result : undefined;
  const uploadRef = useRef<HTMLFormElement>(null);
  const removed = typeof window === 'undefined' ? false : new URL(window.location.href).searchParams.get('removed') === '1';
  useEffect(() => {
    if (uploadResult?.ok) uploadRef.current?.reset();
  }, [uploadResult]);

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>Photos of {photos.product.name}</h1>
        <div className="admin-actions">
          <Link to={`/admin/products/${photos.product.id}`}>The product</Link>
          {photos.product.path ? <Link to={photos.product.path}>See it in the shop</Link> : null}
        </div>
      </div>
      {removed && !result ? (
        <p className="admin-message admin-message--ok" role="status">
          The photo was removed.
        </p>
      ) : null}

      <Form method="post" encType="multipart/form-data" ref={uploadRef} className="admin-panel admin-form photo-upload" aria-labelledby="photo-upload-title">
        <h2 id="photo-upload-title">Add photos</h2>
        <CsrfField />
        <FormMessage result={uploadResult} />
        <div className="admin-field">
          <label htmlFor="photo-files">Photos</label>
          <input id="photo-files" type="file" name="photos" multiple accept="image/jpeg,image/png,image/webp" aria-describedby="photo-files-hint" aria-invalid={uploadResult && !uploadResult.ok ? true : undefined} />
          <span className="admin-field__hint" id="photo-files-hint">
            {LIMITS} They are added after the others; the first photo is the one listings show.
          </span>
        </div>
        <div className="photo-upload__fields">
          <div className="admin-field">
            <label htmlFor="upload-alt">Alt text</label>
            <input id="upload-alt" name="alt" maxLength={250} defaultValue={uploadResult && !uploadResult.ok ? uploadResult.values?.alt : undefined} />
            <span className="admin-field__hint">For every photo of this upload; change it per photo below.</span>
          </div>
          <div className="admin-field">
            <label htmlFor="upload-metal">Metal</label>
            <select id="upload-metal" name="metal" defaultValue={uploadResult && !uploadResult.ok ? uploadResult.values?.metal : ''}>
              <option value="">Every metal</option>
              {photos.metals.map((metal) => (
                <option key={metal.slug} value={metal.slug}>
                  {metal.name} only
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="admin-actions">
          <button type="submit" name="intent" value="upload" className="admin-button admin-button--primary" disabled={uploading}>
            {uploading ? 'Uploading…' : 'Upload'}
          </button>
        </div>
      </Form>

      <section className="admin-panel" aria-labelledby="photo-list-title">
        <h2 id="photo-list-title">In order ({photos.photos.length})</h2>
        {photos.photos.length === 0 ? (
          <p className="admin-muted">No photos yet: shoppers see the drawn picture.</p>
        ) : (
          <ol className="photo-list">
            {photos.photos.map((photo, index) => (
              <PhotoCard key={`${photo.id}-${photo.alt}-${photo.metal}`} photo={photo} index={index} photos={photos} result={result} />
            ))}
          </ol>
        )}
      </section>

      <section className="admin-panel" aria-labelledby="photo-history-title">
        <h2 id="photo-history-title">Changes</h2>
        {photos.history.length === 0 ? (
          <p className="admin-muted">No changes yet.</p>
        ) : (
          <ol className="admin-timeline">
            {photos.history.map((change) => (
              <li key={change.id}>
                <p className="admin-timeline__what">
                  {PHOTO_ACTIONS[change.action] ?? change.action} by {change.actor}
                </p>
                <p className="admin-muted">
                  <time dateTime={change.at}>{formatDateTime(change.at, timeZone)}</time>
                  {change.ip ? ` · from ${change.ip}` : ''}
                </p>
                <p className="photo-changes">{photoChangeLine(change.action, change.changes)}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
