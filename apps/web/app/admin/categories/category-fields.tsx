import { useId } from 'react';
import { Field } from '../components/field';
import type { CategoryFormValues } from './category-form';
import { MenuPictureChooser } from './menu-picture-chooser';

/** The description: plain text, paragraphs split by a blank line (the storefront shows it as typed, no HTML). */
function DescriptionField({ value, error }: { value: string; error?: string | undefined }) {
  const id = useId();
  return (
    <div className="admin-field admin-form__wide">
      <label htmlFor={id}>Description</label>
      <textarea id={id} name="description" defaultValue={value} maxLength={2000} rows={4} aria-invalid={error ? true : undefined} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} />
      <span className="admin-field__hint" id={`${id}-hint`}>
        Shown under the heading of the category page. Plain text; a blank line starts a new paragraph. Up to 2,000 characters.
      </span>
      {error ? (
        <span className="admin-field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The category's fields, shared by the create form (without the picture) and the edit form. */
export function CategoryFields({ values, errors, withPicture, isNew }: { values: CategoryFormValues; errors: Record<string, string>; withPicture: boolean; isNew: boolean }) {
  return (
    <div className="admin-form admin-form--columns">
      <Field label="Name" name="name" defaultValue={values.name} required maxLength={80} autoComplete="off" hint="As shoppers see it in the menu and on the page." error={errors.name} />
      <Field
        label="Slug"
        name="slug"
        defaultValue={values.slug}
        required={!isNew}
        maxLength={80}
        autoComplete="off"
        spellCheck={false}
        hint={isNew ? 'Its URL: /categories/<slug>. Empty: made from the name.' : 'Its URL: /categories/<slug>. The old URLs keep working (they redirect).'}
        error={errors.slug}
      />
      <DescriptionField value={values.description} error={errors.description} />
      {withPicture ? <MenuPictureChooser metal={values.pictureMetal} shape={values.pictureShape} error={errors.pictureShape} /> : null}
    </div>
  );
}
