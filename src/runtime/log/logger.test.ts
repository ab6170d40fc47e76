import { describe, expect, it } from 'vitest';
import { newLogger, parseLogLevel, withName, withValues } from './logger.js';
import { formatRecord } from './pretty.js';

function capture(): { lines: () => Record<string, unknown>[]; destination: { write(s: string): void } } {
  const out: string[] = [];
  return {
    lines: () => out.map((l) => JSON.parse(l) as Record<string, unknown>),
    destination: { write: (s: string) => void out.push(s) },
  };
}

describe('newLogger', () => {
  it('writes JSON records with a level label, ISO time, message and fields', () => {
    const c = capture();
    const log = newLogger({ level: 'info', destination: c.destination });
    log.info({ controller: 'memcached', name: 'x' }, 'reconciling');
    log.debug({}, 'hidden');
    const [rec] = c.lines();
    expect(c.lines()).toHaveLength(1);
    expect(rec).toMatchObject({ level: 'info', msg: 'reconciling', controller: 'memcached', name: 'x' });
    expect(rec?.time).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('adds key/values and dotted names to child loggers', () => {
    const c = capture();
    const log = withName(withName(withValues(newLogger({ destination: c.destination }), { a: 1 }), 'manager'), 'cache');
    log.warn({}, 'x');
    expect(c.lines()[0]).toMatchObject({ a: 1, logger: 'manager.cache', level: 'warn' });
  });
});

describe('parseLogLevel', () => {
  it('accepts names, zap-style numbers and warning', () => {
    expect(parseLogLevel('DEBUG')).toBe('debug');
    expect(parseLogLevel('warning')).toBe('warn');
    expect(parseLogLevel('2')).toBe('trace');
    expect(parseLogLevel(undefined, 'error')).toBe('error');
    expect(() => parseLogLevel('loud')).toThrow(/unknown log level "loud"/);
  });
});

describe('formatRecord', () => {
  it('renders a readable line', () => {
    expect(formatRecord('{"time":"T","level":"info","msg":"hi","a":"b","n":1}\n')).toBe('T INFO  hi\ta="b" n=1\n');
    expect(formatRecord('not json')).toBe('not json\n');
  });
});
