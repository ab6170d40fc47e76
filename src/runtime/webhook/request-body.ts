import type { IncomingMessage } from 'node:http';
import type { Http2ServerRequest } from 'node:http2';

/** BodyTooLargeError says that a request body exceeded the limit. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
}

/**
 * readBody collects a request body up to `limit` bytes. It rejects with {@link BodyTooLargeError} as soon
 * as the declared or received length passes the limit, without buffering the rest.
 */
export function readBody(req: IncomingMessage | Http2ServerRequest, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyTooLargeError(`request body of ${declared} bytes exceeds the limit of ${limit} bytes`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const onData = (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        chunks.length = 0;
        reject(new BodyTooLargeError(`request body exceeds the limit of ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks));
    });
    req.once('error', (err: Error) => {
      if (done) return;
      done = true;
      reject(err);
    });
    req.once('aborted', () => {
      if (done) return;
      done = true;
      reject(new Error('request aborted'));
    });
  });
}
