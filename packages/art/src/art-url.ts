/**
 * Where the storefront serves a generated picture: `/art/{ART_VERSION}/{picture}`, e.g.
 * `/art/v1/tile/14k-gold/heart.svg` (apps/web's routes/art-image.ts). The drawings are code, so the address names
 * the version of that code and browsers keep each answer for a year. Change ART_VERSION whenever a drawing changes:
 * the art route's test fails until you do (it keeps a fingerprint of every drawing).
 */
export const ART_VERSION = 'v1';

export const artUrl = (picture: string) => `/art/${ART_VERSION}/${picture}`;
