import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { templateHelpers } from './helpers.js';
import { templatesRoot } from './template-root.js';

type Compiled = (data: unknown) => string;

/**
 * createTemplateEnv builds an isolated Handlebars environment with the fixed helper set. Helpers are
 * wrapped so that Handlebars' trailing `options` argument never reaches them.
 */
export function createTemplateEnv(): typeof Handlebars {
  const env = Handlebars.create();
  for (const [name, fn] of Object.entries(templateHelpers)) {
    env.registerHelper(name, (value: unknown) => (fn as (v: unknown) => string)(value));
  }
  return env;
}

/**
 * TemplateRenderer compiles bodies from a templates folder in strict mode (a missing variable throws)
 * with HTML escaping off, caching each compiled body.
 */
export class TemplateRenderer {
  private readonly env = createTemplateEnv();
  private readonly cache = new Map<string, Compiled>();

  constructor(private readonly root: string = templatesRoot()) {}

  /** render renders the template at `template` (relative to the root) with data, normalised to LF and one trailing newline. */
  render(template: string, data: unknown): string {
    let compiled = this.cache.get(template);
    if (compiled === undefined) {
      const body = readFileSync(join(this.root, template), 'utf8');
      compiled = this.env.compile(body, { strict: true, noEscape: true });
      this.cache.set(template, compiled);
    }
    try {
      return normalise(compiled(data));
    } catch (err) {
      throw new Error(`rendering template ${template}: ${(err as Error).message}`, { cause: err });
    }
  }

  /** renderString compiles and renders an inline body with the same settings (for tests). */
  renderString(body: string, data: unknown): string {
    return this.env.compile(body, { strict: true, noEscape: true })(data);
  }
}

/** normalise converts line endings to LF and ends the text with exactly one newline. */
export function normalise(text: string): string {
  return `${text.replace(/\r\n/g, '\n').replace(/\n+$/, '')}\n`;
}
