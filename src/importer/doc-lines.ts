import { commentSafe } from './marker-text.js';

/**
 * docLines turns a schema description into doc comment lines the generator reads back as the same
 * description: `*\/` cannot close the comment, and a line that would read as a marker (`+word`) starts
 * with a backslash instead.
 */
export function docLines(description: unknown): string[] {
  if (typeof description !== 'string' || description === '') return [];
  return description.split('\n').map((line) => {
    const safe = commentSafe(line);
    return /^\s*\+[A-Za-z]/.test(safe) ? safe.replace('+', '\\+') : safe;
  });
}
