import type { Photo } from '@charms/contracts/product-photos';
import { useRef, useState } from 'react';
import { ProductPhoto } from '../components/product-photo';

/** The main photo's width on the page (product-page.css): full width on a phone, 480 px beside the form. */
const MAIN_SIZES = '(min-width: 800px) 480px, calc(100vw - 2rem)';
const THUMB_SIZES = '4.5rem';

const largestJpeg = (photo: Photo) => photo.sources.filter((source) => source.format === 'jpeg').at(-1)!.url;

/**
 * Every photo of the product: the chosen one large, thumbnails to choose another, and a larger view (zoom) on click
 * or tap, in a modal dialog (Escape or the Close button leave it; arrow keys go through the photos). Without
 * JavaScript each photo and thumbnail is a link to the full-size JPEG, which the browser shows and zooms itself.
 */
export function ProductGallery({ photos, productName }: { photos: readonly Photo[]; productName: string }) {
  const [chosen, setChosen] = useState(0);
  const dialog = useRef<HTMLDialogElement>(null);
  const photo = photos[Math.min(chosen, photos.length - 1)]!;
  const step = (by: number) => setChosen((index) => (index + by + photos.length) % photos.length);

  return (
    <div className="product-gallery">
      <a
        href={largestJpeg(photo)}
        className="product-gallery__zoom"
        onClick={(event) => {
          event.preventDefault();
          dialog.current?.showModal();
        }}
      >
        <ProductPhoto photo={photo} sizes={MAIN_SIZES} loading="eager" fetchPriority="high" className="product__image product__image--photo" />
        <span className="product-gallery__hint" aria-hidden="true">
          Zoom
        </span>
        <span className="catalog-sr-only">(larger view)</span>
      </a>
      {photos.length > 1 ? (
        <ul className="product-gallery__thumbs" aria-label={`Photos of ${productName}`}>
          {photos.map((thumb, index) => (
            <li key={thumb.id}>
              <a
                href={largestJpeg(thumb)}
                className="product-gallery__thumb"
                aria-current={index === chosen ? 'true' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  setChosen(index);
                }}
              >
                <ProductPhoto photo={thumb} sizes={THUMB_SIZES} alt={`Photo ${index + 1} of ${photos.length}: ${thumb.alt}`} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <dialog
        ref={dialog}
        className="product-gallery__dialog"
        aria-label={`${productName}: larger view`}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') step(1);
          if (event.key === 'ArrowLeft') step(-1);
        }}
        onClick={(event) => {
          // A tap on the dark backdrop (the dialog itself, not its content) closes it.
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
      >
        <ProductPhoto photo={photo} sizes="100vw" loading="lazy" className="product-gallery__large" />
        <div className="product-gallery__controls">
          {photos.length > 1 ? (
            <>
              <button type="button" onClick={() => step(-1)}>
                ‹ Previous
              </button>
              <span>
                {Math.min(chosen, photos.length - 1) + 1} of {photos.length}
              </span>
              <button type="button" onClick={() => step(1)}>
                Next ›
              </button>
            </>
          ) : null}
          <button type="button" onClick={() => dialog.current?.close()} autoFocus>
            Close
          </button>
        </div>
      </dialog>
    </div>
  );
}
