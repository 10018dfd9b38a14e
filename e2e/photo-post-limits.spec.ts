import { connect } from 'node:net';
import { expect, test } from '@playwright/test';

/**
 * A PhotoArt photo may ride on a product page's add to bag (up to 30 MB, read into memory by anyone). Only a PhotoArt
 * charm's page reads such a post, and the shop reads a few at a time, two per client address (photo-post-gate.ts).
 */
const BOUNDARY = 'photo-limits-boundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const FIRST_BYTES = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
const ANNOUNCED = 25 * 1024 * 1024;

/**
 * Starts a post on a raw socket from a chosen local address: its headers (announcing `announced` bytes, or chunked
 * when null) and its first bytes, no more. `answer` settles when the shop answers and closes; `end` hangs up.
 */
function startPost(path: string, options: { from: string; announced: number | null }) {
  const base = new URL(process.env.E2E_BASE_URL!);
  const socket = connect({ port: Number(base.port), host: base.hostname, localAddress: options.from });
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => {});
  const answer = new Promise<{ status: number; text: string }>((resolve) =>
    socket.on('close', () => {
      const [head = '', text = ''] = received.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), text: text.replace(/^[0-9a-f]+\r\n|\r\n0\r\n\r\n$/g, '') });
    }),
  );
  const length = options.announced === null ? 'Transfer-Encoding: chunked' : `Content-Length: ${options.announced}`;
  const first = options.announced === null ? `${Buffer.byteLength(FIRST_BYTES).toString(16)}\r\n${FIRST_BYTES}\r\n` : FIRST_BYTES;
  socket.write(`POST ${path} HTTP/1.1\r\nHost: ${base.host}\r\nConnection: close\r\nContent-Type: ${MULTIPART}\r\n${length}\r\n\r\n${first}`);
  return { socket, answer, end: () => socket.destroy() };
}

/** The status the shop answered within `ms`, or 0 when it is still reading the body (it has not answered). */
const statusWithin = async (post: ReturnType<typeof startPost>, ms: number) =>
  (await Promise.race([post.answer, new Promise<{ status: number }>((resolve) => setTimeout(() => resolve({ status: 0 }), ms))])).status;

/** A page of the first product a category lists (its sterling silver one). */
async function productPage(request: import('@playwright/test').APIRequestContext, category: string): Promise<string> {
  const response = await request.get(`/api/products?${new URLSearchParams({ path: `/products/category/${category}`, metalId: '40', pageSize: '1' })}`);
  const [product] = ((await response.json()) as { products: { path: string }[] }).products;
  if (!product) throw new Error(`no product in ${category}`);
  return product.path;
}

test('a large post to the page of a charm that takes no photo is refused with 413 before its body is read', async ({ request }) => {
  const path = await productPage(request, 'Animal-Charms');
  for (const announced of [ANNOUNCED, null]) {
    // Only the first bytes go out: an answer that waited for the body would never come (the test would time out).
    const post = startPost(path, { from: '127.0.0.61', announced });
    if (announced === null) post.socket.write(`8000\r\n${'a'.repeat(0x8000)}\r\n`);
    const response = await post.answer;
    expect(response.status, String(announced)).toBe(413);
    expect(JSON.parse(response.text)).toEqual({
      error: { code: 'BODY_TOO_LARGE', message: "The request body is larger than the 32 KB this call accepts (only a PhotoArt charm's form carries a photo)." },
    });
  }
});

test('one client address sends at most two photo posts at once; a third is told to wait, and its place comes back', async ({ request }) => {
  const path = await productPage(request, 'PhotoArt-Charms');
  const from = '127.0.0.62';
  const held = [startPost(path, { from, announced: ANNOUNCED }), startPost(path, { from, announced: ANNOUNCED })];
  // The two are being read (the shop waits for their bytes); a third from the same address is refused unread.
  await expect
    .poll(async () => {
      const third = startPost(path, { from, announced: ANNOUNCED });
      const status = await statusWithin(third, 2000);
      third.end();
      return status;
    })
    .toBe(429);
  // Another address is not held up by this one: its post is being read (no answer while its body is awaited).
  const other = startPost(path, { from: '127.0.0.63', announced: ANNOUNCED });
  expect(await statusWithin(other, 2000)).toBe(0);
  other.end();
  // Once the two hang up, their places are free again.
  for (const post of held) post.end();
  await expect
    .poll(async () => {
      const next = startPost(path, { from, announced: ANNOUNCED });
      const status = await statusWithin(next, 2000);
      next.end();
      return status;
    })
    .toBe(0);
});
