import type { AdminCategory, CreateCategoryInput } from '@charms/contracts/admin-categories';
import { parseMenuPicture } from '@charms/art/menu-pictures';
import { DEFAULT_METAL_ID, findMetalById, findMetalBySlug } from '@charms/domain/metals';

/**
 * The category form as the browser sends it. The menu picture comes as two fields, a metal and a shape (the
 * chooser's radio buttons); no shape means no picture.
 */
export const CATEGORY_FIELDS = ['name', 'slug', 'description', 'pictureMetal', 'pictureShape'] as const;
export type CategoryFormValues = Record<(typeof CATEGORY_FIELDS)[number], string>;

const DEFAULT_PICTURE_METAL = findMetalById(DEFAULT_METAL_ID)!.slug;

/** A stored category (or none, for the new one) as the form shows it. */
export function formValuesOf(category: AdminCategory | null): CategoryFormValues {
  const picture = parseMenuPicture(category?.menuImage);
  return {
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    description: category?.description ?? '',
    pictureMetal: picture?.metal ?? DEFAULT_PICTURE_METAL,
    pictureShape: picture?.shape ?? '',
  };
}

/** What the form sent, as the API's body: the picture as '{metal}/{shape}', or '' for none. */
export function bodyOf(values: CategoryFormValues): Required<CreateCategoryInput> {
  return {
    name: values.name,
    slug: values.slug,
    description: values.description,
    menuImage: values.pictureShape === '' ? '' : `${values.pictureMetal}/${values.pictureShape}`,
  };
}

/** The API names the picture's field menuImage; the form shows its mistake beside the chooser. */
export const FIELD_NAMES: Record<string, string> = { menuImage: 'pictureShape' };

/** How the trail names each field. */
export const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  slug: 'Slug',
  description: 'Description',
  menuImage: 'Menu picture',
  position: 'Place in the menu',
  oldSlug: 'Old slug',
};

/** A value as the trail shows it. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  const text = String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** One change of the trail as lines staff read: the menu picture as "cat in 14k Gold", not its stored name. */
export function changeLines(changes: Record<string, { before: unknown; after: unknown }>): string[] {
  const shown = (field: string, value: unknown) => {
    const picture = field === 'menuImage' && typeof value === 'string' ? parseMenuPicture(value) : null;
    return picture ? `${picture.shape} in ${findMetalBySlug(picture.metal)?.name ?? picture.metal}` : shownValue(value);
  };
  return Object.entries(changes).map(([field, { before, after }]) => `${FIELD_LABELS[field] ?? field}: ${shown(field, before)} → ${shown(field, after)}`);
}

/** Reads the form's fields (missing ones as ''). */
export function valuesFrom(form: FormData): CategoryFormValues {
  return Object.fromEntries(CATEGORY_FIELDS.map((name) => [name, typeof form.get(name) === 'string' ? (form.get(name) as string) : ''])) as CategoryFormValues;
}
