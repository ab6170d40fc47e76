import { styleText } from 'node:util';

/** ColorStream is what {@link colorEnabled} needs of an output stream: tty.WriteStream has both. */
export interface ColorStream {
  readonly isTTY?: boolean;
  hasColors?(): boolean;
}

// The values Node.js reads as "force colours" (lib/internal/tty.js getColorDepth); any other, 0 too, disables.
const FORCING = new Set(['', '1', 'true', '2', '3']);

/**
 * colorEnabled decides whether output to a stream is coloured, with Node.js's own precedence: FORCE_COLOR
 * when set (0 or false turn colour off, also on a terminal; 1, 2, 3 or true turn it on, also in a pipe),
 * else no colour when NO_COLOR is set and not empty (https://no-color.org) or NODE_DISABLE_COLORS is set,
 * else colour only on a terminal that has colours (TERM=dumb has none).
 */
export function colorEnabled(stream: ColorStream, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env['FORCE_COLOR'];
  if (force !== undefined) return FORCING.has(force);
  if ((env['NO_COLOR'] ?? '') !== '' || env['NODE_DISABLE_COLORS'] !== undefined) return false;
  if (stream.isTTY !== true) return false;
  return stream.hasColors?.() ?? true;
}

/** Style is a colour or emphasis the CLI uses: red errors, yellow warnings, green success, dim details. */
export type Style = 'red' | 'yellow' | 'green' | 'cyan' | 'bold' | 'dim';

/** Paint styles text for one output, or returns it as it is when that output has no colour. */
export type Paint = (style: Style | readonly Style[], text: string) => string;

/**
 * painter returns the {@link Paint} of an output. It uses node:util styleText, built in, with the stream
 * check off: whether to colour is {@link colorEnabled}'s decision, made once per output, so that it is
 * the same on every Node.js the CLI supports (styleText checks streams itself only from 22.13 on).
 */
export function painter(enabled: boolean): Paint {
  if (!enabled) return (_style, text) => text;
  return (style, text) => styleText(style as Style | Style[], text, { validateStream: false });
}
