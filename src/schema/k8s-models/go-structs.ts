// Reads the declarations of a gofmt-formatted Go API source file (k8s.io/api and its relatives) that
// controller-gen's schema depends on: each type with its markers and underlying type, each struct field
// with its JSON tag, type and markers, the imports, and the string constants (for +k8s:enum). A line
// reader is enough for these sources, which gofmt keeps one declaration or field per line.

/** GoField is one field of a Go struct. */
export interface GoField {
  /** The JSON name (`json:"name,..."`); '' for an inlined field. */
  json: string;
  /** Embedded or `json:",inline"`: its fields are the struct's own. */
  inline: boolean;
  /** `omitempty` or `omitzero` in the JSON tag. */
  omitEmpty: boolean;
  /** The type as written: `*metav1.Time`, `[]string`, `map[string]string`. */
  type: string;
  /** Marker comments of the field, as controller-gen collects them, without `//` and surrounding spaces. */
  markers: string[];
}

/** GoTypeDecl is one type declaration. */
export interface GoTypeDecl {
  name: string;
  markers: string[];
  /** `struct` for a struct type, else the underlying type as written (`string`, `[]Foo`, `metav1.Time`). */
  underlying: string;
  fields: GoField[];
}

/** GoConst is a constant declared with an explicit type and a string literal (`Foo Bar = "foo"`). */
export interface GoConst {
  type: string;
  value: string;
}

/** GoFile is what one source file declares. */
export interface GoFile {
  /** Import name (the alias, else the last path element) -> import path. */
  imports: Map<string, string>;
  types: GoTypeDecl[];
  consts: GoConst[];
}

/** isMarker tells a `// +marker` line, as controller-gen's isMarkerComment does. */
function isMarker(line: string): boolean {
  return line.startsWith('//') && line.slice(2).trim().startsWith('+');
}

/**
 * CommentTracker keeps the comment groups written since the last line of code. controller-gen gives a
 * declaration the markers of its doc comment (the group directly above it) and of the one comment group
 * before that one, when a blank line separates them (pkg/markers/collect.go, markerSubVisitor.Visit).
 */
class CommentTracker {
  private groups: string[][] = [];
  private open = false;

  line(trimmed: string): void {
    if (trimmed.startsWith('//')) {
      if (!this.open) this.groups.push([]);
      (this.groups[this.groups.length - 1] as string[]).push(trimmed);
      this.open = true;
    } else if (trimmed === '') {
      this.open = false;
    }
  }

  /** take returns the markers that belong to the code line being read, and starts afresh. */
  take(): string[] {
    let picked: string[][];
    if (this.open) picked = this.groups.slice(-2);
    else picked = this.groups.slice(-1);
    this.groups = [];
    this.open = false;
    return picked
      .flat()
      .filter(isMarker)
      .map((c) => c.slice(2).trim());
  }
}

function parseTag(tag: string): { json?: string; omitEmpty: boolean; inline: boolean } {
  const m = /(?:^|\s)json:"([^"]*)"/.exec(tag);
  if (m === null) return { omitEmpty: false, inline: false };
  const [name = '', ...opts] = (m[1] as string).split(',');
  return {
    json: name,
    omitEmpty: opts.includes('omitempty') || opts.includes('omitzero'),
    inline: opts.includes('inline') || name === '',
  };
}

const FIELD = /^([A-Za-z_]\w*)\s+(\S+)\s+`([^`]*)`/;
const EMBEDDED = /^(\*?[A-Za-z_][\w.]*)\s+`([^`]*)`/;

function parseField(line: string, markers: string[]): GoField | undefined {
  const named = FIELD.exec(line);
  if (named !== null) {
    const tag = parseTag(named[3] as string);
    if (tag.json === '-') return undefined;
    return {
      json: tag.inline ? '' : (tag.json ?? ''),
      inline: tag.inline,
      omitEmpty: tag.omitEmpty,
      type: named[2] as string,
      markers,
    };
  }
  const embedded = EMBEDDED.exec(line);
  if (embedded !== null) return { json: '', inline: true, omitEmpty: false, type: embedded[1] as string, markers };
  return undefined;
}

/**
 * parseGoFile reads the declarations of one Go source file. gofmt starts every top-level declaration, and
 * the `)` or `}` closing it, in column 0, and indents what is inside: function bodies are skipped that way.
 */
export function parseGoFile(source: string): GoFile {
  const file: GoFile = { imports: new Map(), types: [], consts: [] };
  const comments = new CommentTracker();
  let block: 'none' | 'import' | 'type' | 'const' = 'none';
  let blockMarkers: string[] = [];
  let struct: GoTypeDecl | undefined;
  let nested = 0;
  const addImport = (spec: string): void => {
    const m = /^(?:([\w.]+)\s+)?"([^"]+)"/.exec(spec);
    if (m === null || m[1] === '_' || m[1] === '.') return;
    const path = m[2] as string;
    file.imports.set(m[1] ?? (path.split('/').pop() as string), path);
  };
  const startType = (spec: string, markers: string[]): void => {
    const m = /^([A-Z_a-z]\w*)\s+(?:=\s*)?(.+)$/.exec(spec);
    if (m === null) return;
    const underlying = (m[2] as string).replace(/\s*\/\/.*$/, '').trim();
    const decl: GoTypeDecl = {
      name: m[1] as string,
      markers,
      underlying: underlying.startsWith('struct') ? 'struct' : underlying,
      fields: [],
    };
    file.types.push(decl);
    if (underlying === 'struct {') struct = decl;
  };
  const addConst = (spec: string): void => {
    const m = /^([A-Za-z_]\w*)\s+([A-Za-z_][\w.]*)\s*=\s*("(?:[^"\\]|\\.)*")\s*(?:\/\/.*)?$/.exec(spec);
    if (m !== null) file.consts.push({ type: m[2] as string, value: JSON.parse(m[3] as string) as string });
  };
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('//') || line === '') {
      comments.line(line);
      continue;
    }
    const markers = comments.take();
    const top = !/^\s/.test(raw);
    if (struct !== undefined) {
      if (top && line === '}') {
        struct = undefined;
      } else if (nested > 0) {
        nested += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length;
      } else if (/\bstruct\s*\{$/.test(line)) {
        // A field of an anonymous struct type is skipped whole: API types declare none (API conventions).
        nested = 1;
      } else if (!(block === 'type' && line === '}')) {
        const f = parseField(line, markers);
        if (f !== undefined) struct.fields.push(f);
      } else {
        struct = undefined;
      }
      continue;
    }
    if (block !== 'none') {
      if (top && line === ')') block = 'none';
      else if (block === 'import') addImport(line);
      else if (block === 'type') startType(line, [...blockMarkers, ...markers]);
      else addConst(line);
      continue;
    }
    if (!top) continue;
    if (line === 'import (') block = 'import';
    else if (line.startsWith('import ')) addImport(line.slice(7).trim());
    else if (line === 'type (') {
      block = 'type';
      blockMarkers = markers;
    } else if (line.startsWith('type ')) startType(line.slice(5).trim(), markers);
    else if (line === 'const (') block = 'const';
    else if (line.startsWith('const ')) addConst(line.slice(6).trim());
  }
  return file;
}
