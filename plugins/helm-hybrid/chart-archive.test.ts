import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readChartArchive } from './chart-archive.js';

/** Entry is one tar member: a regular file by default. */
interface Entry {
  name: string;
  body?: string | Buffer;
  type?: string;
  prefix?: string;
  /** The size field as written, when it must not be the body's size. */
  sizeField?: string;
}

/** header writes a ustar header with its checksum, the layout `helm package` (Go's archive/tar) writes. */
function header(e: Entry, size: number): Buffer {
  const h = Buffer.alloc(512);
  h.write(e.name.slice(0, 100), 0, 'utf8');
  h.write('0000644\0', 100, 'ascii');
  h.write('0000000\0', 108, 'ascii');
  h.write('0000000\0', 116, 'ascii');
  h.write(e.sizeField ?? `${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  h.write('00000000000\0', 136, 'ascii');
  h.write(e.type ?? '0', 156, 'ascii');
  if (e.type === '2' || e.type === '1') h.write('../../etc/passwd', 157, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  if (e.prefix !== undefined) h.write(e.prefix, 345, 'utf8');
  h.fill(0x20, 148, 156);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

function tgz(entries: readonly Entry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const body = typeof e.body === 'string' ? Buffer.from(e.body) : (e.body ?? Buffer.alloc(0));
    blocks.push(header(e, body.length), body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

/** pax is a PAX extended header carrying a long path, as Go's archive/tar writes for names over 100 bytes. */
function pax(path: string): Entry {
  const record = (len: number): string => `${len} path=${path}\n`;
  let len = record(0).length;
  while (record(len).length !== len) len = record(len).length;
  return { name: 'PaxHeaders.0/x', type: 'x', body: record(len) };
}

describe('readChartArchive', () => {
  it('reads the files of the chart folder by their path inside it, bytes unchanged', () => {
    const binary = Buffer.from([0x1f, 0x8b, 0x08, 0xff, 0xfe, 0x00, 0x80]);
    const files = readChartArchive(
      tgz([
        { name: 'web/', type: '5' },
        { name: 'web/Chart.yaml', body: 'name: web\n' },
        { name: 'web/templates/', type: '5' },
        { name: 'web/templates/svc.yaml', body: 'kind: Service\n' },
        { name: 'web/charts/sub-0.1.0.tgz', body: binary },
      ]),
      'web-0.1.0.tgz',
    );
    expect([...files.keys()]).toEqual(['Chart.yaml', 'templates/svc.yaml', 'charts/sub-0.1.0.tgz']);
    expect(files.get('Chart.yaml')?.toString()).toBe('name: web\n');
    expect(files.get('charts/sub-0.1.0.tgz')?.equals(binary)).toBe(true);
  });

  it('reads long paths from a PAX header, a GNU long name and the ustar prefix', () => {
    const long = `web/templates/${'a'.repeat(120)}.yaml`;
    const gnu = `web/files/${'b'.repeat(110)}.txt`;
    const files = readChartArchive(
      tgz([
        { name: 'web/Chart.yaml', body: 'name: web\n' },
        pax(long),
        { name: long.slice(0, 100), body: 'x' },
        { name: '././@LongLink', type: 'L', body: `${gnu}\0` },
        { name: gnu.slice(0, 100), body: 'y' },
        { name: 'NOTES.txt', prefix: 'web/templates', body: 'z' },
      ]),
      'web.tgz',
    );
    expect(files.get(long.slice(4))?.toString()).toBe('x');
    expect(files.get(gnu.slice(4))?.toString()).toBe('y');
    expect(files.get('templates/NOTES.txt')?.toString()).toBe('z');
  });

  it('refuses links, devices, absolute paths and paths that leave the chart folder', () => {
    const chart: Entry = { name: 'web/Chart.yaml', body: 'name: web\n' };
    expect(() => readChartArchive(tgz([chart, { name: 'web/templates/x.yaml', type: '2' }]), 'web.tgz')).toThrow(
      '--helm-chart web.tgz: holds web/templates/x.yaml, a symbolic link; a chart is made of regular files',
    );
    expect(() => readChartArchive(tgz([chart, { name: 'web/values.yaml', type: '1' }]), 'web.tgz')).toThrow(
      /a hard link/,
    );
    expect(() => readChartArchive(tgz([chart, { name: 'web/dev', type: '3' }]), 'web.tgz')).toThrow(
      /a character device/,
    );
    expect(() => readChartArchive(tgz([chart, { name: '/etc/cron.d/x', body: 'x' }]), 'web.tgz')).toThrow(
      '--helm-chart web.tgz: holds /etc/cron.d/x, an absolute path',
    );
    expect(() => readChartArchive(tgz([chart, { name: 'web/../../x', body: 'x' }]), 'web.tgz')).toThrow(
      'holds web/../../x, a path that leaves the chart folder',
    );
    expect(() =>
      readChartArchive(tgz([chart, pax('web/templates/../../../x'), { name: 'web/ok', body: 'x' }]), 'web.tgz'),
    ).toThrow(/a path that leaves the chart folder/);
    expect(() => readChartArchive(tgz([chart, { name: 'web\\..\\..\\x', body: 'x' }]), 'web.tgz')).toThrow(
      /a path that leaves the chart folder/,
    );
  });

  it('refuses an archive that is not one chart folder, not gzip, damaged or truncated', () => {
    expect(() =>
      readChartArchive(
        tgz([
          { name: 'web/Chart.yaml', body: 'a' },
          { name: 'other/x', body: 'b' },
        ]),
        'w.tgz',
      ),
    ).toThrow('holds web/ and other/: a packaged chart is one folder');
    expect(() => readChartArchive(tgz([{ name: 'Chart.yaml', body: 'a' }]), 'w.tgz')).toThrow(
      'holds the file Chart.yaml beside the chart folder',
    );
    expect(() => readChartArchive(Buffer.from('name: web\n'), 'w.tgz')).toThrow(
      /--helm-chart w\.tgz: is not a gzip-compressed tar archive/,
    );
    expect(() => readChartArchive(tgz([]), 'w.tgz')).toThrow('--helm-chart w.tgz: holds no files');
    const tar = Buffer.concat([
      header({ name: 'web/Chart.yaml' }, 10),
      Buffer.from('name: web\n'),
      Buffer.alloc(502),
      Buffer.alloc(1024),
    ]);
    tar[0] = 'x'.charCodeAt(0);
    expect(() => readChartArchive(gzipSync(tar), 'w.tgz')).toThrow(
      'is damaged: the tar header at byte 0 has a wrong checksum',
    );
    const short = Buffer.concat([header({ name: 'web/Chart.yaml' }, 4096), Buffer.from('name: web\n')]);
    expect(() => readChartArchive(gzipSync(short), 'w.tgz')).toThrow(/is truncated/);
    expect(() => readChartArchive(tgz([{ name: 'web/Chart.yaml', body: 'a', sizeField: 'zz\0' }]), 'w.tgz')).toThrow(
      'is damaged: the tar header at byte 0 has no valid size',
    );
  });
});
