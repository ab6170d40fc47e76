import { describe, expect, it } from 'vitest';
import { colorEnabled, painter } from './color.js';

const tty = { isTTY: true, hasColors: (): boolean => true };
const pipe = { isTTY: false };

describe('colorEnabled', () => {
  it.each([
    ['a terminal', tty, {}, true],
    ['a pipe or file', pipe, {}, false],
    ['a terminal without colours (TERM=dumb)', { isTTY: true, hasColors: (): boolean => false }, {}, false],
    ['NO_COLOR=1 on a terminal', tty, { NO_COLOR: '1' }, false],
    ['NO_COLOR set but empty (no-color.org: ignored)', tty, { NO_COLOR: '' }, true],
    ['NODE_DISABLE_COLORS on a terminal', tty, { NODE_DISABLE_COLORS: '1' }, false],
    ['FORCE_COLOR=0 on a terminal', tty, { FORCE_COLOR: '0' }, false],
    ['FORCE_COLOR=false on a terminal', tty, { FORCE_COLOR: 'false' }, false],
    ['FORCE_COLOR=1 in a pipe', pipe, { FORCE_COLOR: '1' }, true],
    ['FORCE_COLOR set but empty in a pipe (as Node.js reads it)', pipe, { FORCE_COLOR: '' }, true],
    ['FORCE_COLOR=3 in a pipe', pipe, { FORCE_COLOR: '3' }, true],
    ['FORCE_COLOR=1 over NO_COLOR=1 (as Node.js)', pipe, { FORCE_COLOR: '1', NO_COLOR: '1' }, true],
  ] as const)('%s', (_case, stream, env, want) => {
    expect(colorEnabled(stream, env)).toBe(want);
  });
});

describe('painter', () => {
  it('styles text with ANSI codes when enabled, and leaves it as it is otherwise', () => {
    expect(painter(true)('red', 'Error:')).toBe('\u001b[31mError:\u001b[39m');
    expect(painter(true)(['bold', 'red'], 'x')).toBe('\u001b[1m\u001b[31mx\u001b[39m\u001b[22m');
    expect(painter(false)(['bold', 'red'], 'Error:')).toBe('Error:');
  });
});
