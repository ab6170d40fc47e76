/** IfExists is what a template descriptor does when its output file already exists with other content. */
export type IfExists = 'error' | 'skip' | 'overwrite';

/** IfMissing is what an insert descriptor does when its file or one of its markers is missing. */
export type IfMissing = 'error' | 'skip';

/**
 * TemplateFile renders a Handlebars body from `templates/` to `path`. The policy has no default on
 * purpose: every user-owned file must say what happens on a second run.
 */
export interface TemplateFile {
  readonly kind: 'template';
  /** Template path relative to the package's `templates/` folder, e.g. `typescript/init/src/main.ts.hbs`. */
  readonly template: string;
  /** Output path relative to the project root, with forward slashes. */
  readonly path: string;
  /** View model handed to the template; everything computed lives here, not in the template. */
  readonly data: Readonly<Record<string, unknown>>;
  readonly ifExists: IfExists;
}

/**
 * GeneratedFile is output built in code: an object serialised as YAML or JSON (stable key order: the
 * order it was built in), a string, or bytes written as they are (a file copied into the project that
 * need not be UTF-8 text, such as a packaged sub-chart). Tool-owned files are always overwritten;
 * structured files the user owns afterwards (package.json, manager.yaml) set `ifExists` like a template.
 */
export type GeneratedFile = (
  | { readonly kind: 'generated'; readonly path: string; readonly format: 'yaml' | 'json'; readonly object: unknown }
  | { readonly kind: 'generated'; readonly path: string; readonly content: string }
  | { readonly kind: 'generated'; readonly path: string; readonly bytes: Uint8Array }
) & { readonly ifExists?: IfExists };

/** Fragment is literal text, or a template rendered with data (for blocks too big for a string). */
export type Fragment = string | { readonly template: string; readonly data: Readonly<Record<string, unknown>> };

/** InsertFile adds fragments above `+operator-ts:scaffold:<marker>` lines of an existing (or staged) file. */
export interface InsertFile {
  readonly kind: 'insert';
  readonly path: string;
  /** Fragments keyed by marker name; each fragment is one or more lines, inserted in order. */
  readonly fragments: Readonly<Record<string, readonly Fragment[]>>;
  readonly ifMissing: IfMissing;
}

/** RemoveFile deletes a file the plugin wrote before and no longer writes (nothing when it is absent). */
export interface RemoveFile {
  readonly kind: 'remove';
  readonly path: string;
}

/** FileDescriptor is every kind of output a plugin can declare. */
export type FileDescriptor = TemplateFile | GeneratedFile | InsertFile | RemoveFile;
