import type { AdminProductOptions } from '@charms/contracts/admin-products';
import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { Field } from '../components/field';
import { type ProductFormValues, priceField, soldOutField } from './product-form';

/**
 * The product's fields, shared by the new and the edit page, each with its hint and the API's word on it. Plain
 * inputs, boxes and selects, so the form works without JavaScript; a metal with an empty price is not offered.
 */
export function ProductFields({ values, errors, options }: { values: ProductFormValues; errors: Record<string, string>; options: AdminProductOptions }) {
  const has = (list: string, item: string | number) => (values[list] ?? '').split(',').includes(String(item));
  return (
    <div className="product-form__fields">
      <fieldset className="admin-fieldset admin-form admin-form--columns">
        <legend>The product</legend>
        <Field label="Name" name="name" defaultValue={values.name} required maxLength={120} className="admin-form__wide" error={errors.name} />
        <Field label="Slug" name="slug" defaultValue={values.slug} maxLength={80} spellCheck={false} hint="Its address words, such as silver-heart-charm; empty: made from the name. Old addresses keep working." error={errors.slug} />
        <Field label="Brand" name="brand" defaultValue={values.brand} required maxLength={60} error={errors.brand} />
        <TextArea label="Description" name="description" defaultValue={values.description} required maxLength={5000} rows={4} className="admin-form__wide" error={errors.description} />
        <Choice legend="Kind" error={errors.kind}>
          <label className="admin-check">
            <input type="radio" name="kind" value="charm" defaultChecked={values.kind !== 'bracelet'} /> Charm
          </label>
          <label className="admin-check">
            <input type="radio" name="kind" value="bracelet" defaultChecked={values.kind === 'bracelet'} /> Bracelet
          </label>
        </Choice>
        <Choice legend="Options">
          <label className="admin-check">
            <input type="checkbox" name="isPhotoArt" defaultChecked={values.isPhotoArt === 'on'} /> PhotoArt (carries the shopper’s photo)
          </label>
          <label className="admin-check">
            <input type="checkbox" name="returnable" defaultChecked={values.returnable === 'on'} /> Returnable
          </label>
        </Choice>
      </fieldset>

      <fieldset className="admin-fieldset admin-form">
        <legend>Categories</legend>
        <div className="admin-field">
          <label htmlFor="product-primary">Primary category</label>
          <select id="product-primary" name="primaryCategoryId" defaultValue={values.primaryCategoryId ?? ''} aria-invalid={errors.primaryCategoryId ? true : undefined} aria-describedby="product-primary-hint">
            <option value="">Choose…</option>
            {options.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
          <span className="admin-field__hint" id="product-primary-hint">
            Names the product’s address and breadcrumbs; the product is listed in it too.
          </span>
          {errors.primaryCategoryId ? <span className="admin-field__error">{errors.primaryCategoryId}</span> : null}
        </div>
        <Choice legend="Listed in" error={errors.categoryIds} className="product-form__boxes">
          {options.categories.map((category) => (
            <label key={category.id} className="admin-check">
              <input type="checkbox" name="categoryIds" value={category.id} defaultChecked={has('categoryIds', category.id)} /> {category.name}
            </label>
          ))}
        </Choice>
      </fieldset>

      <fieldset className="admin-fieldset admin-form" aria-describedby="product-prices-hint">
        <legend>Metals and prices</legend>
        <p className="admin-field__hint" id="product-prices-hint">
          A price in dollars (such as 42.50) offers the product in that metal; leave it empty if it is not made in it. Sold out: shown as currently unavailable and cannot be bought.
        </p>
        {errors.prices ? <p className="admin-field__error">{errors.prices}</p> : null}
        <table className="admin-table product-prices">
          <thead>
            <tr>
              <th scope="col">Metal</th>
              <th scope="col">Price ($)</th>
              <th scope="col">Sold out for now</th>
            </tr>
          </thead>
          <tbody>
            {options.metals.map((metal) => {
              const error = errors[priceField(metal.slug)];
              return (
                <tr key={metal.slug}>
                  <th scope="row">
                    <label htmlFor={`price-${metal.slug}`}>{metal.name}</label>
                  </th>
                  <td>
                    <input
                      id={`price-${metal.slug}`}
                      name={priceField(metal.slug)}
                      defaultValue={values[priceField(metal.slug)]}
                      inputMode="decimal"
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `price-${metal.slug}-error` : undefined}
                    />
                    {error ? (
                      <span className="admin-field__error" id={`price-${metal.slug}-error`}>
                        {error}
                      </span>
                    ) : null}
                  </td>
                  <td>
                    <label className="admin-check">
                      <input type="checkbox" name={soldOutField(metal.slug)} defaultChecked={values[soldOutField(metal.slug)] === 'on'} />
                      <span className="visually-hidden">{metal.name} </span>sold out
                    </label>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </fieldset>

      <fieldset className="admin-fieldset admin-form admin-form--columns">
        <legend>Engraving, lengths and making</legend>
        <Field label="Engraving: most characters" name="engravingMaxChars" defaultValue={values.engravingMaxChars} inputMode="numeric" hint="Empty: not engravable." error={errors.engravingMaxChars} />
        <Choice legend="Engraving fonts" error={errors.engravingFonts}>
          {options.fonts.map((font) => (
            <label key={font.id} className="admin-check">
              <input type="checkbox" name="engravingFonts" value={font.id} defaultChecked={has('engravingFonts', font.id)} /> {font.name}
            </label>
          ))}
        </Choice>
        <Choice legend="Bracelet lengths (inches)" error={errors.sizes} className="product-form__sizes">
          {options.sizes.map((size) => (
            <label key={size} className="admin-check">
              <input type="checkbox" name="sizes" value={size} defaultChecked={has('sizes', size)} /> {size}
            </label>
          ))}
        </Choice>
        <Field label="Clasp (bracelets)" name="clasp" defaultValue={values.clasp} maxLength={80} hint="Such as Lobster." error={errors.clasp} />
        <Field label="Made to order: fewest business days" name="leadTimeMinDays" defaultValue={values.leadTimeMinDays} inputMode="numeric" hint="Empty for items in stock." error={errors.leadTimeMinDays} />
        <Field label="Made to order: most business days" name="leadTimeMaxDays" defaultValue={values.leadTimeMaxDays} inputMode="numeric" error={errors.leadTimeMaxDays} />
      </fieldset>

      <fieldset className="admin-fieldset admin-form">
        <legend>Search engines</legend>
        <Field label="Page title" name="seoTitle" defaultValue={values.seoTitle} maxLength={70} hint="Up to 70 characters; empty: the name, metal and store." error={errors.seoTitle} />
        <TextArea label="Page description" name="seoDescription" defaultValue={values.seoDescription} maxLength={320} rows={2} hint="Up to 320 characters; empty: from the description and price." error={errors.seoDescription} />
      </fieldset>
    </div>
  );
}

function Choice({ legend, error, className, children }: { legend: string; error?: string | undefined; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset className={`admin-fieldset product-form__choice${className ? ` ${className}` : ''}`} aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      <div className="product-form__options">{children}</div>
      {error ? (
        <span className="admin-field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string;
}

function TextArea({ label, name, error, hint, className, ...input }: TextAreaProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`admin-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <span className="admin-field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="admin-field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
