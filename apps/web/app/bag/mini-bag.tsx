import type { ProductDetail } from '@charms/contracts/catalog';
import { engravingCharge } from '@charms/domain/engraving';
import { formatCents } from '@charms/domain/money';
import { useEffect, useId, useRef } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root';
import type { AddedLine } from './bag-result';
import { engravingPricingOf } from './engraving-field';

export interface MiniBagProps {
  product: ProductDetail;
  added: AddedLine;
  message: string;
  /** The bag after the add: its item count (as the header shows it) and total, from the page's one read of the bag. */
  bag: { itemCount: number; total: { display: string } | null };
  /**
   * With JavaScript: a modal dialog over the page, closed by its button, Escape or "Keep shopping", which then
   * hands focus back (`onClose`). Without: the same summary in the page, where the post landed.
   */
  modal: boolean;
  onClose?: () => void;
  /** The page's own path: "Keep shopping" without JavaScript reloads it, which drops the summary. */
  pagePath: string;
}

/** What was just added (picture, name, metal, length, engraving, price), the bag's count and total, and the way on. */
export function MiniBag({ product, added, message, bag, modal, onClose, pagePath }: MiniBagProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const shippingPromise = useRouteLoaderData<typeof rootLoader>('root')?.store.shippingPromise;
  const image = product.images[0];
  const font = added.engraving ? product.engraving?.fonts.find((option) => option.id === added.engraving!.font) : undefined;
  const unit = product.price?.cents ?? 0;
  const lineCents = (unit + (added.engraving ? engravingCharge(added.engraving.text, added.metalId, engravingPricingOf(product.engraving!, added.metalId)) : 0)) * added.quantity;
  const items = `${bag.itemCount} ${bag.itemCount === 1 ? 'item' : 'items'}`;

  useEffect(() => {
    if (!modal) return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal();
    else dialog.setAttribute('open', '');
    // The dialog itself takes focus: its name (the heading) is read first, then Tab reaches its buttons.
    dialog.focus();
  }, [modal]);

  const close = () => {
    dialogRef.current?.close?.();
    onClose?.();
  };

  const content = (
    <>
      <div className="mini-bag__head">
        <h2 id={`${id}-heading`} className="mini-bag__heading">
          {message}
        </h2>
        {modal ? (
          <button type="button" className="mini-bag__close" onClick={close} aria-label="Close">
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </div>
      <div className="mini-bag__line">
        {image ? <img src={image.url} alt="" width={72} height={72} className="mini-bag__image" /> : null}
        <div className="mini-bag__details">
          <p className="mini-bag__name">{product.name}</p>
          <p className="mini-bag__variant">
            {product.metal.name}
            {added.braceletSize !== null ? `, ${added.braceletSize} inch` : ''}
            {added.quantity > 1 ? ` · Quantity ${added.quantity}` : ''}
          </p>
          {added.engraving ? (
            <p className="mini-bag__engraving">
              Engraved “<span className={`engraving-preview--${added.engraving.font}`}>{added.engraving.text}</span>” in {font?.name ?? added.engraving.font}
            </p>
          ) : null}
        </div>
        <p className="mini-bag__price">{formatCents(lineCents)}</p>
      </div>
      <dl className="mini-bag__totals">
        <div>
          <dt>Your bag</dt>
          <dd data-testid="mini-bag-count">{items}</dd>
        </div>
        {bag.total ? (
          <div className="mini-bag__total">
            <dt>Total</dt>
            <dd data-testid="mini-bag-total">{bag.total.display}</dd>
          </div>
        ) : null}
      </dl>
      {shippingPromise ? <p className="mini-bag__note">{shippingPromise}</p> : null}
      <div className="mini-bag__actions">
        <Link to="/order/process" className="button button--primary mini-bag__checkout">
          Checkout
        </Link>
        <Link to="/order" className="button button--secondary">
          View your bag
        </Link>
        {modal ? (
          <button type="button" className="mini-bag__keep" onClick={close}>
            Keep shopping
          </button>
        ) : (
          <a href={pagePath} className="mini-bag__keep">
            Keep shopping
          </a>
        )}
      </div>
    </>
  );

  if (!modal) {
    return (
      <section id="added-to-bag" className="mini-bag mini-bag--inline" aria-labelledby={`${id}-heading`}>
        {content}
      </section>
    );
  }
  return (
    <dialog
      ref={dialogRef}
      className="mini-bag mini-bag--dialog"
      aria-labelledby={`${id}-heading`}
      tabIndex={-1}
      onCancel={(event) => {
        // Escape: close through our handler, which also hands focus back.
        event.preventDefault();
        close();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          close();
        }
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="mini-bag__body">{content}</div>
    </dialog>
  );
}
