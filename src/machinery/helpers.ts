import { regularPlural } from '../model/plural.js';

function words(s: string): string[] {
  return s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** lower lower-cases a string (`Memcached` -> `memcached`). */
export function lower(s: string): string {
  return s.toLowerCase();
}

/** upper upper-cases a string. */
export function upper(s: string): string {
  return s.toUpperCase();
}

/** pascal joins the words of s in PascalCase (`memcached-operator` -> `MemcachedOperator`). */
export function pascal(s: string): string {
  return words(s)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

/** camel joins the words of s in camelCase (`MemcachedOperator` -> `memcachedOperator`). */
export function camel(s: string): string {
  const p = pascal(s);
  return p.charAt(0).toLowerCase() + p.slice(1);
}

/** kebab joins the lower-cased words of s with dashes (`MemcachedOperator` -> `memcached-operator`). */
export function kebab(s: string): string {
  return words(s)
    .map((w) => w.toLowerCase())
    .join('-');
}

/** plural is the resource plural of a kind as kubebuilder derives it (`Memcached` -> `memcacheds`, `Gizmo` -> `gizmoes`). */
export function plural(kind: string): string {
  return regularPlural(kind);
}

/** json renders a value as a JSON literal, which is also a valid TypeScript literal. */
export function json(value: unknown): string {
  return JSON.stringify(value);
}

/**
 * templateHelpers is the complete helper set registered in the Handlebars environment. The plural helper
 * is `pluralOf` because Handlebars resolves helpers before data: a helper named `plural` would shadow
 * every `{{plural}}` field of a view model.
 */
export const templateHelpers = { lower, upper, pascal, camel, kebab, pluralOf: plural, json } as const;
