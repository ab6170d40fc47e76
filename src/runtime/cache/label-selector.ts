/** LabelRequirement is one parsed term of a label selector. */
export type LabelRequirement =
  | { op: 'eq' | 'neq'; key: string; value: string }
  | { op: 'in' | 'notin'; key: string; values: string[] }
  | { op: 'exists' | 'notexists'; key: string };

/** LabelMatcher tells whether a label set matches a selector. */
export type LabelMatcher = (labels: Record<string, string> | undefined) => boolean;

/**
 * parseLabelSelector parses the selector syntax of `kubectl -l` and the API's `labelSelector` parameter:
 * `a=b`, `a==b`, `a!=b`, `a in (x,y)`, `a notin (x)`, `a`, `!a`, joined by commas. Throws on bad syntax.
 */
export function parseLabelSelector(selector: string): LabelRequirement[] {
  const terms = splitTerms(selector);
  return terms.map(parseTerm);
}

/** labelMatcher compiles a selector; the empty selector matches everything. */
export function labelMatcher(selector: string | undefined): LabelMatcher {
  if (selector === undefined || selector.trim() === '') return () => true;
  const reqs = parseLabelSelector(selector);
  return (labels) => reqs.every((r) => matches(r, labels ?? {}));
}

function matches(req: LabelRequirement, labels: Record<string, string>): boolean {
  const has = Object.hasOwn(labels, req.key);
  const value = labels[req.key];
  switch (req.op) {
    case 'eq':
      return has && value === req.value;
    case 'neq':
      return !has || value !== req.value;
    case 'in':
      return has && req.values.includes(value ?? '');
    case 'notin':
      return !has || !req.values.includes(value ?? '');
    case 'exists':
      return has;
    case 'notexists':
      return !has;
  }
}

function splitTerms(selector: string): string[] {
  const terms: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of selector) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (depth < 0) throw new Error(`label selector "${selector}": unbalanced parentheses`);
    if (ch === ',' && depth === 0) {
      terms.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (depth !== 0) throw new Error(`label selector "${selector}": unbalanced parentheses`);
  terms.push(current);
  return terms.map((t) => t.trim()).filter((t) => t !== '');
}

const KEY = String.raw`[A-Za-z0-9]([-A-Za-z0-9_./]*[A-Za-z0-9])?`;
const VALUE = String.raw`([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?`;
const SET = new RegExp(`^(${KEY})\\s+(in|notin)\\s*\\(([^)]*)\\)$`);
const EQ = new RegExp(`^(${KEY})\\s*(==|=|!=)\\s*(${VALUE})$`);
const EXISTS = new RegExp(`^(!?)\\s*(${KEY})$`);

function parseTerm(term: string): LabelRequirement {
  const set = SET.exec(term);
  if (set !== null) {
    const values = (set[4] ?? '').split(',').map((v) => v.trim());
    return { op: set[3] === 'in' ? 'in' : 'notin', key: set[1] ?? '', values };
  }
  const eq = EQ.exec(term);
  if (eq !== null) {
    return { op: eq[3] === '!=' ? 'neq' : 'eq', key: eq[1] ?? '', value: eq[4] ?? '' };
  }
  const exists = EXISTS.exec(term);
  if (exists !== null) {
    return { op: exists[1] === '!' ? 'notexists' : 'exists', key: exists[2] ?? '' };
  }
  throw new Error(`label selector: cannot parse "${term}"`);
}
