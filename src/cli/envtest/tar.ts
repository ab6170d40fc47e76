import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { basename, join } from 'node:path';
import { once } from 'node:events';
import { createGunzip } from 'node:zlib';

const BLOCK = 512;

/** TarHeader is what extraction needs of one tar header. */
interface TarHeader {
  readonly name: string;
  readonly size: number;
  /** '0' (or NUL) regular file, '5' directory, 'x'/'g' pax headers, 'L' GNU long name, ... */
  readonly type: string;
}

function field(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

function octal(block: Buffer, offset: number, length: number): number {
  const text = field(block, offset, length).trim();
  return text === '' ? 0 : Number.parseInt(text, 8);
}

/** parseHeader reads a ustar header block; undefined for the zero block that ends the archive. */
function parseHeader(block: Buffer): TarHeader | undefined {
  if (block.every((b) => b === 0)) return undefined;
  const name = field(block, 0, 100);
  const prefix = field(block, 345, 155);
  const type = String.fromCharCode(block[156] ?? 0);
  return {
    name: prefix !== '' ? `${prefix}/${name}` : name,
    size: octal(block, 124, 12),
    type,
  };
}

/** paxPath reads the `path` record of a pax extended header, which overrides the next entry's name. */
function paxPath(data: Buffer): string | undefined {
  for (const record of data.toString('utf8').split('\n')) {
    const m = /^\d+ path=(.*)$/.exec(record);
    if (m !== null) return m[1];
  }
  return undefined;
}

/**
 * extractTarGz writes the regular files of a .tar.gz into dir under their base names (setup-envtest drops
 * the `controller-tools/envtest/` prefix the same way) with mode `mode`, and returns the names written.
 * Directories, links and other entries are skipped; a truncated archive is an error.
 */
export async function extractTarGz(archive: string, dir: string, mode: number): Promise<string[]> {
  const written: string[] = [];
  let pending = Buffer.alloc(0);
  let header: TarHeader | undefined;
  let remaining = 0;
  let padding = 0;
  let out: WriteStream | undefined;
  let longName: string | undefined;
  let meta: Buffer[] | undefined;
  let ended = false;
  let writeError: Error | undefined;

  try {
    for await (const chunk of createReadStream(archive).pipe(createGunzip())) {
      pending = Buffer.concat([pending, chunk as Buffer]);
      for (;;) {
        if (header !== undefined && remaining > 0) {
          if (pending.length === 0) break;
          const take = pending.subarray(0, Math.min(remaining, pending.length));
          pending = pending.subarray(take.length);
          remaining -= take.length;
          if (out !== undefined && !out.write(take)) await once(out, 'drain');
          meta?.push(Buffer.from(take));
          continue;
        }
        if (header !== undefined) {
          if (pending.length < padding) break;
          pending = pending.subarray(padding);
          if (out !== undefined) {
            out.end();
            await once(out, 'close');
            out = undefined;
          }
          if (meta !== undefined) {
            const data = Buffer.concat(meta);
            if (header.type === 'L') longName = data.toString('utf8').replace(/\0+$/, '');
            else if (header.type === 'x') longName = paxPath(data) ?? longName;
            meta = undefined;
          }
          header = undefined;
          continue;
        }
        if (ended || pending.length < BLOCK) break;
        const next = parseHeader(pending.subarray(0, BLOCK));
        pending = pending.subarray(BLOCK);
        if (next === undefined) {
          ended = true;
          break;
        }
        header = next;
        remaining = next.size;
        padding = (BLOCK - (next.size % BLOCK)) % BLOCK;
        const name = longName ?? next.name;
        if (next.type === 'L' || next.type === 'x') meta = [];
        else {
          longName = undefined;
          if (next.type === '0' || next.type === '\0') {
            const file = basename(name);
            written.push(file);
            out = createWriteStream(join(dir, file), { mode });
            out.on('error', (err) => {
              writeError ??= err;
            });
          }
        }
      }
    }
  } finally {
    if (out !== undefined) {
      out.end();
      await once(out, 'close').catch(() => undefined);
    }
  }
  if (writeError !== undefined) throw writeError;
  if (header !== undefined || (!ended && written.length === 0))
    throw new Error(`${basename(archive)} is not a complete tar.gz archive`);
  return written;
}
