import { MAX_LINE_QUANTITY } from '@charms/domain/bag';
import { useId, useState } from 'react';
import { EngravingField } from '../../bag/engraving-field';
import { type DraftItem, type FieldErrors, itemField } from './phone-order-form';

interface ItemsEditorProps {
  items: DraftItem[];
  errors: FieldErrors;
  /** A row being added or removed: its buttons wait. */
  busy: boolean;
  /** The metals engraving is free on (a store setting). */
  engravingFreeMetalIds: readonly number[];
}

/**
 * The order's items, one row each: the metal (only those the product is made in, with their prices), the length
 * for a bracelet, the quantity and the engraving with the storefront's own live price and font preview. Every
 * input is named by the row's place in the order (`items.2.metalId`), as the API names its mistakes.
 */
export function ItemsEditor({ items, errors, busy, engravingFreeMetalIds }: ItemsEditorProps) {
  if (items.length === 0) {
    return (
      <p className="admin-muted" data-testid="no-items">
        No items yet: search for a product above and add it.
      </p>
    );
  }
  return (
    <ol className="po-items">
      {items.map((item, index) => (
        <li key={item.key}>
          <ItemRow item={item} index={index} errors={errors} busy={busy} engravingFreeMetalIds={engravingFreeMetalIds} />
        </li>
      ))}
    </ol>
  );
}

function ItemRow({ item, index, errors, busy, engravingFreeMetalIds }: { item: DraftItem; index: number; errors: FieldErrors; busy: boolean; engravingFreeMetalIds: readonly number[] }) {
  const id = useId();
  const product = item.product;
  const [metalId, setMetalId] = useState(item.metalId);
  const name = (field: Exclude<keyof DraftItem, 'product'>) => itemField(index, field);
  const errorOf = (field: Exclude<keyof DraftItem, 'product'>) => errors[name(field)];
  const described = (field: Exclude<keyof DraftItem, 'product'>) =>
    errorOf(field) ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` } : {};
  const errorText = (field: Exclude<keyof DraftItem, 'product'>) =>
    errorOf(field) ? (
      <span className="admin-field__error" id={`${id}-${field}-error`}>
        {errorOf(field)}
      </span>
    ) : null;
  const metal = product?.offers.find((offer) => String(offer.metalId) === metalId);
  const title = `Item ${index + 1}: ${product?.name ?? 'a product no longer in the catalog'}`;

  return (
    <fieldset className="admin-fieldset po-item" data-testid="phone-order-item">
      <legend>{title}</legend>
      <input type="hidden" name={name('key')} value={item.key} />
      <input type="hidden" name={name('productId')} value={item.productId} />
      <input type="hidden" name={name('productPath')} value={item.productPath} />
      {errorText('productId')}
      {product ? (
        <>
          <div className="po-item__row">
            <div className="admin-field">
              <label htmlFor={`${id}-metal`}>Metal</label>
              <select id={`${id}-metal`} name={name('metalId')} value={metalId} onChange={(event) => setMetalId(event.currentTarget.value)} {...described('metalId')}>
                {product.offers.map((offer) => (
                  <option key={offer.metalId} value={offer.metalId}>
                    {offer.metalName} · {offer.price.display}
                  </option>
                ))}
              </select>
              {errorText('metalId')}
            </div>
            {product.sizes.length > 0 ? (
              <div className="admin-field">
                <label htmlFor={`${id}-size`}>Bracelet length</label>
                <select id={`${id}-size`} name={name('braceletSize')} defaultValue={item.braceletSize} {...described('braceletSize')}>
                  <option value="">Ask the customer</option>
                  {product.sizes.map((size) => (
                    <option key={size} value={size}>
                      {size} inches
                    </option>
                  ))}
                </select>
                {errorText('braceletSize')}
              </div>
            ) : null}
            <div className="admin-field po-item__quantity">
              <label htmlFor={`${id}-quantity`}>Quantity</label>
              <input
                id={`${id}-quantity`}
                name={name('quantity')}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_LINE_QUANTITY}
                step={1}
                defaultValue={item.quantity}
                {...described('quantity')}
              />
              {errorText('quantity')}
            </div>
          </div>
          {product.engraving ? (
            <EngravingField
              rules={{ ...product.engraving, freeInThisMetal: engravingFreeMetalIds.includes(Number(metalId)) }}
              metalId={Number(metalId)}
              metalName={metal?.metalName ?? 'this metal'}
              defaultText={item.engravingText}
              defaultFont={item.engravingFont || undefined}
              errors={{ text: errorOf('engravingText'), font: errorOf('engravingFont') }}
              submittedText={item.engravingText}
              names={{ text: name('engravingText'), font: name('engravingFont') }}
            />
          ) : (
            <p className="admin-muted po-item__note">This product takes no engraving.</p>
          )}
        </>
      ) : (
        <p className="admin-field__error">This product could not be found in the catalog any more: remove it.</p>
      )}
      <div className="admin-actions">
        <button type="submit" name="intent" value={`remove:${item.key}`} className="admin-button" formNoValidate disabled={busy}>
          Remove<span className="visually-hidden"> item {index + 1}</span>
        </button>
      </div>
    </fieldset>
  );
}
