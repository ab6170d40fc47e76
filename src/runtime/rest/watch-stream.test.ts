import { describe, expect, it } from 'vitest';
import { decodeWatchEvents, MalformedWatchEventError, type WatchEvent } from './watch-stream.js';

async function* chunks(...parts: (string | Uint8Array)[]): AsyncGenerator<string | Uint8Array> {
  for (const p of parts) yield p;
}

async function collect(source: AsyncIterable<string | Uint8Array>): Promise<WatchEvent[]> {
  const out: WatchEvent[] = [];
  for await (const e of decodeWatchEvents(source)) out.push(e);
  return out;
}

const added = JSON.stringify({ type: 'ADDED', object: { metadata: { name: 'a', resourceVersion: '1' } } });
const bookmark = JSON.stringify({ type: 'BOOKMARK', object: { kind: 'Pod', metadata: { resourceVersion: '7' } } });
const gone = JSON.stringify({
  type: 'ERROR',
  object: { kind: 'Status', code: 410, reason: 'Expired', message: 'too old' },
});

describe('decodeWatchEvents', () => {
  it('decodes one event per line', async () => {
    const events = await collect(chunks(`${added}\n${bookmark}\n`));
    expect(events.map((e) => e.type)).toEqual(['ADDED', 'BOOKMARK']);
    expect(events[1]?.object.metadata?.resourceVersion).toBe('7');
  });

  it('joins events split across chunks at any position', async () => {
    const text = `${added}\n${bookmark}\n${gone}\n`;
    for (let cut = 1; cut < text.length; cut += 7) {
      const events = await collect(chunks(text.slice(0, cut), text.slice(cut)));
      expect(events.map((e) => e.type)).toEqual(['ADDED', 'BOOKMARK', 'ERROR']);
    }
  });

  it('reassembles multi-byte characters split between byte chunks', async () => {
    const line = JSON.stringify({
      type: 'MODIFIED',
      object: { metadata: { name: 'b', annotations: { note: 'héllo ✓' } } },
    });
    const bytes = new TextEncoder().encode(`${line}\n`);
    const at = bytes.indexOf(0xe2) + 1; // inside the 3-byte check mark
    const events = await collect(chunks(bytes.slice(0, at), bytes.slice(at)));
    expect(events[0]?.object.metadata?.annotations?.note).toBe('héllo ✓');
  });

  it('decodes a last line without a newline and skips blank lines', async () => {
    const events = await collect(chunks('\n', `${added}\n\n`, gone));
    expect(events.map((e) => e.type)).toEqual(['ADDED', 'ERROR']);
    expect((events[1]?.object as { code?: number }).code).toBe(410);
  });

  it('rejects lines that are not watch events', async () => {
    await expect(collect(chunks('{"type":"ADDED"\n'))).rejects.toBeInstanceOf(MalformedWatchEventError);
    await expect(collect(chunks('{"type":"SOMETHING","object":{}}\n'))).rejects.toThrow(/not a watch event/);
  });
});
