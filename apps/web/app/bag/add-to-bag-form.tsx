import type { ProductDetail } from '@charms/contracts/catalog';
import { MAX_LINE_QUANTITY } from '@charms/domain/bag';
import { useEffect, useId, useRef, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { dataLayerEntriesFor, pushToDataLayer } from '../lib/analytics';
import { ENHANCED_FIELD, type BagResult } from './bag-result';
import { EngravingField } from './engraving-field';
import { faceShapeOf } from './engraving-preview';
import { MiniBag, type MiniBagProps } from './mini-bag';
import { PhotoField } from './photo-field';
import { useHydrated } from './use-hydrated';

interface AddToBagFormProps {
  product: ProductDetail;
  result: BagResult | undefined;
  /** The result is the action's answer to this page's JavaScript (a dialog), not a notice after a plain post. */
  answeredInPlace?: boolean;
  /** The bag's count and total for the mini-bag: the bag summary (reloaded after the add), or the page's own read. */
  bag?: MiniBagProps['bag'];
}

/**
 * The product page's add-to-bag form: a plain post that works without JavaScript (the action redirects back with
 * a notice, and the page shows what was added) and, with it, answers in place with the mini-bag dialog. The metal
 * and length are the page's (its metal and length choices are the one control of each): they are sent as hidden
 * fields, so what the page shows is what the bag gets, even after the page moves to another length without
 * remounting the form.
 */
export function AddToBagForm({ product, result, answeredInPlace = false, bag }: AddToBagFormProps) {
  const id = useId();
  const submitRef = useRef<HTMLButtonElement>(null);
  // The answer the dialog shows; closing it clears this, and the next add opens it again.
  const [dialogFor, setDialogFor] = useState<BagResult | null>(null);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add';
  const statusRef = useRef<HTMLDivElement>(null);
  const values = result?.values ?? {};
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const generalError = result && !result.ok && Object.keys(errors).length === 0 ? result.message : undefined;

  useEffect(() => {
    if (!result) return;
    if (result.dataLayers?.length) pushToDataLayer(window, dataLayerEntriesFor(result.dataLayers));
    if (result.ok && !(result.added && answeredInPlace)) statusRef.current?.focus();
  }, [result, answeredInPlace]);

  // The dialog opens once the bag summary has reloaded (the header's count and the total it shows): the action's
  // answer arrives while that reload is still under way.
  const settled = navigation.state === 'idle';
  const opened = useRef<BagResult | null>(null);
  useEffect(() => {
    if (!result?.ok || !result.added || !answeredInPlace || !settled || opened.current === result) return;
    opened.current = result;
    setDialogFor(result);
  }, [result, answeredInPlace, settled]);

  // Not made in this metal, or sold out in it for now: the price line says so, and nothing can be added.
  if (!product.price || !product.available) return null;
  const describe = (field: string) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` } : {});
  const fieldError = (field: string) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <section className="add-to-bag" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="visually-hidden">
        Add to bag
      </h2>
      {/* A PhotoArt charm's form may carry the shopper's photo: multipart, with or without JavaScript. */}
      <Form method="post" preventScrollReset className="add-to-bag__form" noValidate={hydrated} {...(product.isPhotoArt ? { encType: 'multipart/form-data' as const } : {})}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={product.id} />
        <input type="hidden" name="metalId" value={product.metal.id} />
        {hydrated ? <input type="hidden" name={ENHANCED_FIELD} value="1" /> : null}
        {product.braceletSize !== null ? (
          <>
            <input type="hidden" name="braceletSize" value={product.braceletSize} />
            <p className="add-to-bag__metal">
              Length: <strong>{product.braceletSize} inches</strong>
            </p>
            {fieldError('braceletSize')}
          </>
        ) : null}
        <div className="add-to-bag__row">
          <div className="field">
            <label htmlFor={`${id}-quantity`}>Quantity</label>
            <input
              id={`${id}-quantity`}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_LINE_QUANTITY}
              step={1}
              required
              defaultValue={values.quantity ?? '1'}
              className="add-to-bag__quantity"
              {...describe('quantity')}
            />
            {fieldError('quantity')}
          </div>
        </div>
        {product.engraving ? (
          <EngravingField
            rules={product.engraving}
            metalId={product.metal.id}
            metalName={product.metal.name}
            defaultText={values.engravingText ?? ''}
            defaultFont={values.engravingFont}
            errors={{ text: errors.engravingText, font: errors.engravingFont }}
            submittedText={values.engravingText}
            preview={{ shape: faceShapeOf(product.images[0]?.url) }}
          />
        ) : null}
        {product.isPhotoArt ? (
          <PhotoField
            label="Add your photo (optional)"
            error={result?.photo && !result.photo.ok ? result.photo.message : undefined}
            hint={
              <>
                A JPEG, PNG or WebP photo up to 20 MB. You can also upload it later in your bag, or email it to us after ordering (HEIC: save it as JPEG
                first).
              </>
            }
          />
        ) : null}
        {fieldError('metalId')}
        {fieldError('productId')}
        <button ref={submitRef} type="submit" className="button button--primary add-to-bag__submit" disabled={busy}>
          {busy ? 'Adding…' : 'Add to bag'}
        </button>
      </Form>
      <div ref={statusRef} tabIndex={-1} role="status" className="add-to-bag__status">
        {result?.ok && result.added && bag ? (
          answeredInPlace ? (
            dialogFor === result ? (
              <MiniBag
                product={product}
                added={result.added}
                message={result.message}
                bag={bag}
                modal
                pagePath={product.path}
                onClose={() => {
                  setDialogFor(null);
                  submitRef.current?.focus();
                }}
              />
            ) : null
          ) : (
            <MiniBag product={product} added={result.added} message={result.message} bag={bag} modal={false} pagePath={product.path} />
          )
        ) : result?.ok ? (
          <p className="notice notice--ok">
            {result.message}{' '}
            {result.itemCount ? `Your bag has ${result.itemCount} ${result.itemCount === 1 ? 'item' : 'items'}. ` : null}
            <Link to="/order">View your bag</Link>
          </p>
        ) : generalError ? (
          <p className="notice notice--error">{generalError}</p>
        ) : null}
      </div>
    </section>
  );
}
