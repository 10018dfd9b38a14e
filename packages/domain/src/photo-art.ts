/**
 * Rules of shoppers' PhotoArt photos that do not depend on storage: how long an upload that was never ordered is
 * kept, and the name a downloaded photo gets.
 */

/** A photo for a bag line is kept this long if the line is never ordered (a bag itself has no end date). */
export const UNORDERED_PHOTO_DAYS = 30;

/** The oldest upload date that is kept for a bag line not yet ordered. */
export const unorderedPhotoCutoff = (now: Date) => new Date(now.getTime() - UNORDERED_PHOTO_DAYS * 24 * 60 * 60 * 1000);

/**
 * The file name of a downloaded photo: the order's number and the line's number as the order page shows them
 * (`order-CB-100042-line-1.jpg`), so a folder of downloads sorts by order. Only letters, digits and dashes.
 */
export function photoArtFileName(orderNumber: string, lineNumber: number, size: 'print' | 'preview' = 'print'): string {
  const number = orderNumber.replace(/[^A-Za-z0-9-]/g, '');
  return `order-${number}-line-${lineNumber}${size === 'preview' ? '-preview' : ''}.jpg`;
}
