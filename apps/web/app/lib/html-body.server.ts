import { Writable } from 'node:stream';

/**
 * Where React's renderToPipeableStream writes a page: a Node Writable whose bytes come out of a web ReadableStream
 * (the Response body React Router sends). React writes a page in chunks of at most 4 KB, dozens per page; each chunk
 * passed on alone costs a trip through the stream layers and a socket write. Here the chunks React writes in one
 * burst (synchronously, as it flushes what it has rendered) leave as one: a page with nothing left to wait for is one
 * chunk. Streaming stays: a later burst (a Suspense boundary that resolves later) is a later chunk.
 */
export function coalescedHtmlBody(onFinish: () => void): { sink: Writable; body: ReadableStream<Uint8Array> } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let pending: Buffer[] = [];
  let scheduled = false;
  let cancelled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0 || cancelled) return;
    const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    controller.enqueue(chunk);
  };
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(flush);
      }
      callback();
    },
    final(callback) {
      flush();
      if (!cancelled) controller.close();
      onFinish();
      callback();
    },
    destroy(error, callback) {
      if (error && !cancelled) controller.error(error);
      callback(error);
    },
  });
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    // The client went away: React stops rendering when its destination closes.
    cancel() {
      cancelled = true;
      sink.destroy();
    },
  });
  return { sink, body };
}
