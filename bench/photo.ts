import { randomBytes } from 'node:crypto';
import { type ProductPhotos } from '@charms/contracts/product-photos';
import { STAFF_SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@charms/contracts/staff';
import sharp from 'sharp';
import type { Database } from '../apps/api/src/db/client';
import { createOrResetStaff } from '../apps/api/src/staff/accounts';

/**
 * The seeded catalog has no photos: one is uploaded as staff upload them (sign in, then the admin API's multipart
 * upload, which makes the AVIF, WebP and JPEG variants), so the images row measures /api/media with a real file.
 * Returns the path of its largest AVIF variant, the format a browser asks for first.
 */
export async function uploadPhoto(database: Database, shopUrl: string, productId: number): Promise<string> {
  // An account made for this run, with a password nobody knows after it: the bench database is dropped next run.
  const staff = { email: 'bench@bench.example', password: randomBytes(18).toString('base64url') };
  await createOrResetStaff(database.db, { ...staff, role: 'staff', name: 'Bench' });
  const signIn = await fetch(`${shopUrl}/api/account/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(staff) });
  if (!signIn.ok) throw new Error(`bench sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookies = new Map(signIn.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!.split('=') as [string, string]));
  const session = cookies.get(STAFF_SESSION_COOKIE);
  const csrf = cookies.get(XSRF_COOKIE);
  if (!session || !csrf) throw new Error('bench sign-in set no session or CSRF cookie');

  // A photo-like picture: soft texture rather than flat colour, so the variants weigh what a product photo weighs.
  const picture = await sharp({ create: { width: 1400, height: 1000, channels: 3, background: '#8c8c8c', noise: { type: 'gaussian', mean: 140, sigma: 40 } } })
    .blur(3)
    .jpeg({ quality: 85 })
    .toBuffer();
  const form = new FormData();
  form.append('alt', 'A bench photo');
  form.append('photos', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'bench.jpg');
  const upload = await fetch(`${shopUrl}/api/admin-products/${productId}/photos`, {
    method: 'POST',
    headers: { cookie: `${STAFF_SESSION_COOKIE}=${session}; ${XSRF_COOKIE}=${csrf}`, [XSRF_HEADER]: decodeURIComponent(csrf) },
    body: form,
  });
  if (upload.status !== 201) throw new Error(`bench photo upload failed: ${upload.status} ${await upload.text()}`);
  const { photos } = (await upload.json()) as ProductPhotos;
  const avif = photos[0]?.sources.filter((source) => source.format === 'avif').at(-1);
  if (!avif) throw new Error('the uploaded photo has no AVIF variant');
  return avif.url;
}
