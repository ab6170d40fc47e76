import type { KubernetesObject } from '../resource.js';

/** WatchEventType is the `type` of one watch event. */
export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

/** WatchEvent is one decoded watch event; for `ERROR` the object is a `Status`. */
export interface WatchEvent<T extends KubernetesObject = KubernetesObject> {
  type: WatchEventType;
  object: T;
}

/** MalformedWatchEventError says the server sent a line that is not a watch event. */
export class MalformedWatchEventError extends Error {
  override readonly name = 'MalformedWatchEventError';
}

const TYPES = new Set<string>(['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR']);

/**
 * decodeWatchEvents turns a watch response body (newline-delimited JSON, arbitrarily chunked, possibly
 * splitting multi-byte characters) into events. Blank lines are skipped; a final line without a newline
 * is still decoded; a line that is not a watch event throws {@link MalformedWatchEventError}.
 */
export async function* decodeWatchEvents<T extends KubernetesObject = KubernetesObject>(
  chunks: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<WatchEvent<T>> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  for await (const chunk of chunks) {
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      const event = parseLine<T>(line);
      if (event !== undefined) yield event;
      newline = pending.indexOf('\n');
    }
  }
  pending += decoder.decode();
  const last = parseLine<T>(pending);
  if (last !== undefined) yield last;
}

function parseLine<T extends KubernetesObject>(line: string): WatchEvent<T> | undefined {
  const text = line.trim();
  if (text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new MalformedWatchEventError(`watch stream: not JSON: ${text.slice(0, 200)}`);
  }
  const event = value as { type?: unknown; object?: unknown };
  if (
    typeof event.type !== 'string' ||
    !TYPES.has(event.type) ||
    typeof event.object !== 'object' ||
    event.object === null
  ) {
    throw new MalformedWatchEventError(`watch stream: not a watch event: ${text.slice(0, 200)}`);
  }
  return { type: event.type as WatchEventType, object: event.object as T };
}
