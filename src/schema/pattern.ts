import { createRequire } from 'node:module';

type Re2js = typeof import('re2js');
let re2: Re2js | undefined;

/**
 * re2SyntaxError tells why the kube-apiserver would refuse a schema `pattern`, or undefined when it
 * compiles. The apiserver compiles patterns with Go's regexp package, whose syntax is RE2's (no
 * lookaround or back-references, POSIX classes such as `[[:punct:]]` allowed), so they are checked with
 * re2js, a port of RE2, not as JavaScript regular expressions. It is loaded on the first pattern only.
 */
export function re2SyntaxError(pattern: string): string | undefined {
  re2 ??= createRequire(import.meta.url)('re2js') as Re2js;
  try {
    re2.RE2JS.compile(pattern);
    return undefined;
  } catch (err) {
    if (err instanceof re2.RE2JSSyntaxException) return err.message;
    throw err;
  }
}
