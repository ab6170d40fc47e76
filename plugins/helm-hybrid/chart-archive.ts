import { gunzipSync } from 'node:zlib';
import { UserError } from '../../src/index.js';

// A packaged chart (`helm package`, `helm pull`) is a gzip-compressed tar archive whose entries all sit in
// one folder named after the chart. This reads one into memory, file by file, and refuses what a chart
// never needs and an unpacker must not follow: links, devices, absolute paths and `..` (after Helm's own
// loader, pkg/chart/loader/archive.go, which also caps the unpacked size).

/** MAX_UNPACKED_BYTES caps the unpacked archive (Helm's loader allows 100 MiB per chart). */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

const BLOCK = 512;

/** field reads a NUL-terminated header field. */
function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? raw.length : end).toString('utf8');
}

/** numeric reads an octal header number, or a base-256 one (high bit set) as GNU tar writes large sizes. */
function numeric(header: Buffer, start: number, length: number): number {
  const raw = header.subarray(start, start + length);
  if ((raw[0]! & 0x80) !== 0) {
    let n = raw[0]! & 0x7f;
    for (const b of raw.subarray(1)) n = n * 256 + b;
    return n;
  }
  const text = field(header, start, length).trim();
  return text === '' ? 0 : parseInt(text, 8);
}

/** checksumOk verifies the header checksum: the byte sum with the checksum field counted as spaces. */
function checksumOk(header: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return numeric(header, 148, 8) === sum;
}

/** paxRecords parses a PAX extended header body: `<length> <key>=<value>\n` records. */
function paxRecords(body: Buffer): Map<string, string> {
  const out = new Map<string, string>();
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    const length = space < 0 ? NaN : parseInt(body.subarray(at, space).toString('ascii'), 10);
    if (!Number.isInteger(length) || length <= 0) break;
    const record = body.subarray(space + 1, at + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq > 0) out.set(record.slice(0, eq), record.slice(eq + 1));
    at += length;
  }
  return out;
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  '1': 'a hard link',
  '2': 'a symbolic link',
  '3': 'a character device',
  '4': 'a block device',
  '6': 'a FIFO',
};

/**
 * readChartArchive unpacks a packaged chart in memory: every regular file, keyed by its path inside the
 * chart folder (`templates/deployment.yaml`), with its bytes as they are. `source` names the archive in
 * errors. Anything but regular files and folders, a path that is absolute or climbs out with `..`, and an
 * archive that is not one chart folder are refused with a UserError.
 */
export function readChartArchive(archive: Uint8Array, source: string): Map<string, Buffer> {
  const refuse = (
    why: string,
    hint = 'package the chart with `helm package <dir>`, or pass the chart directory',
  ): never => {
    throw new UserError(`--helm-chart ${source}: ${why}`, { hint });
  };
  let tar: Buffer;
  try {
    tar = gunzipSync(archive, { maxOutputLength: MAX_UNPACKED_BYTES });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return refuse(
      code === 'ERR_BUFFER_TOO_LARGE'
        ? `unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MiB`
        : `is not a gzip-compressed tar archive (${(err as Error).message})`,
    );
  }
  const files = new Map<string, Buffer>();
  let top: string | undefined;
  let longName: string | undefined;
  let pax = new Map<string, string>();
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break;
    if (!checksumOk(header)) refuse(`is damaged: the tar header at byte ${at} has a wrong checksum`);
    const type = String.fromCharCode(header[156]!) === '\0' ? '0' : String.fromCharCode(header[156]!);
    const size = Number(pax.get('size') ?? numeric(header, 124, 12));
    if (!Number.isSafeInteger(size) || size < 0) refuse(`is damaged: the tar header at byte ${at} has no valid size`);
    const body = tar.subarray(at + BLOCK, at + BLOCK + size);
    if (body.length < size) refuse(`is truncated: an entry ends past the end of the archive`);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x') {
      pax = paxRecords(body);
      continue;
    }
    if (type === 'g') continue;
    if (type === 'L') {
      longName = field(body, 0, body.length);
      continue;
    }
    const prefix = field(header, 345, 155);
    const name =
      pax.get('path') ?? longName ?? (prefix === '' ? field(header, 0, 100) : `${prefix}/${field(header, 0, 100)}`);
    pax = new Map();
    longName = undefined;
    const path = name.replaceAll('\\', '/');
    if (path.startsWith('/') || /^[A-Za-z]:/.test(path))
      refuse(
        `holds ${name}, an absolute path`,
        'a chart archive holds paths inside its chart folder only; unpack and inspect it',
      );
    const parts = path.split('/').filter((p) => p !== '' && p !== '.');
    if (parts.includes('..'))
      refuse(
        `holds ${name}, a path that leaves the chart folder`,
        'a chart archive holds paths inside its chart folder only; unpack and inspect it',
      );
    if (type !== '0' && type !== '7' && type !== '5')
      refuse(
        `holds ${name}, ${TYPE_NAMES[type] ?? `an entry of tar type ${JSON.stringify(type)}`}; a chart is made of regular files`,
        'a chart holds regular files only: replace links by the files they point to and package the chart again',
      );
    if (parts.length === 0) continue;
    if (top === undefined) top = parts[0];
    else if (parts[0] !== top) refuse(`holds ${top}/ and ${parts[0]}/: a packaged chart is one folder`);
    if (type === '5') continue;
    if (parts.length === 1) refuse(`holds the file ${name} beside the chart folder: a packaged chart is one folder`);
    files.set(parts.slice(1).join('/'), Buffer.from(body));
  }
  if (files.size === 0) refuse('holds no files');
  return files;
}
