import { menuPictureUrl as tileUrl, parseMenuPicture } from '@charms/art/menu-pictures';

/**
 * The pictures beside the menu's children (and on /categories): the menu names each child's picture (a fixed
 * entry's name, or a category's '{metal}/{shape}' chosen in the admin); each is one of the drawn tiles, served as a
 * small cacheable SVG under /art/. A name with no drawing shows no picture.
 */

/** Shown at 44 px; the tile is drawn at 160, sharp on dense screens. */
export const MENU_PICTURE_SIZE = 44;

export function menuPictureUrl(imageName: string | null): string | null {
  const picture = parseMenuPicture(imageName);
  return picture ? tileUrl(picture) : null;
}
