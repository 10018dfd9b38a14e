import type { BagItem } from '@charms/contracts/bag';
import { useFetcher, useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root';
import { BagFormFields } from './bag-form-fields';
import { LINE_FORMS } from './bag-keys';
import { PhotoField } from './photo-field';

/**
 * A PhotoArt line's photo in the bag: its preview (only this browser's session can load it) with Replace and Remove,
 * or an upload form; the email address stays as the other way to send it. The forms post multipart to
 * /order/photo/{line} (the bag's action, with room for a photo), with or without JavaScript.
 */
export function BagLinePhoto({ item, name }: { item: BagItem; name: string }) {
  const fetcher = useFetcher({ key: LINE_FORMS });
  const email = useRouteLoaderData<typeof rootLoader>('root')?.store.photoArtEmail;
  const sending = fetcher.state !== 'idle' && fetcher.formData?.get('itemUuid') === item.itemUuid && fetcher.formData.get('intent') === 'photo';
  const upload = (label: string, button: string) => (
    <fetcher.Form method="post" action={`/order/photo/${item.itemUuid}`} encType="multipart/form-data" preventScrollReset className="bag-photo__upload">
      <BagFormFields intent="photo" itemUuid={item.itemUuid} />
      <PhotoField label={label} hint={<>JPEG, PNG or WebP, up to 20 MB (HEIC: save it as JPEG first).</>} />
      <button type="submit" className="button button--secondary" disabled={sending}>
        {sending ? 'Uploading…' : button}
        <span className="visually-hidden"> for {name}</span>
      </button>
    </fetcher.Form>
  );
  return (
    <div className="bag-photo">
      {item.photo ? (
        <>
          <div className="bag-photo__shown">
            {/* The upload time in the address: a replaced photo is a new image to the browser. */}
            <img src={`/order/photo/${item.itemUuid}?v=${encodeURIComponent(item.photo.uploadedAt)}`} alt={`Your photo for ${name}`} className="bag-photo__preview" />
            <div>
              <p className="bag-photo__status">Your photo is uploaded.</p>
              <fetcher.Form method="post" action={`/order/photo/${item.itemUuid}`} preventScrollReset>
                <BagFormFields intent="remove-photo" itemUuid={item.itemUuid} />
                <button type="submit" className="link-button">
                  Remove photo<span className="visually-hidden"> from {name}</span>
                </button>
              </fetcher.Form>
            </div>
          </div>
          <details className="bag-photo__replace">
            <summary>Replace photo</summary>
            {upload('Choose another photo', 'Upload new photo')}
          </details>
        </>
      ) : (
        <>
          {upload('Upload your photo', 'Upload photo')}
          {email ? (
            <p className="bag-photo__email">
              Or email it to <a href={`mailto:${email}`}>{email}</a> after ordering, with your order number.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
