import { TYPE_MAPPINGS, TYPE_MAPPING_PRELUDE } from '../schema/type-mappings.js';
import type { MarkerDefinition } from '../markers/definition.js';
import { operatorTsMarkers } from './markers.js';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function argsOf(def: MarkerDefinition): string {
  if (def.args !== undefined)
    return def.args
      .map(
        (a) =>
          `${a.name}${a.optional === true ? '?' : ''}: ${a.type}${a.oneOf !== undefined ? ` (${a.oneOf.join('/')})` : ''}`,
      )
      .join(', ');
  if (def.value !== undefined)
    return `${def.value}${def.valueOneOf !== undefined ? ` (${def.valueOneOf.join('/')})` : ''}`;
  return '(flag)';
}

/**
 * renderMarkerReference renders the Markdown reference of every marker of every generator (sorted by
 * name), from the definitions the generators register, and of the type mapping.
 */
export function renderMarkerReference(): string {
  const lines = [
    '# operator-ts marker reference',
    '',
    'Generated from the definitions each generator registers, with its behaviour beside each: the CRD generator in',
    '`src/schema/markers/`, RBAC in `src/manifests/rbac-markers.ts`, webhooks in `src/manifests/webhook-markers.ts`, OLM',
    'descriptors in `src/manifests/olm/csv/csv-marker.ts`, Go code generators in `src/generate/codegen-markers.ts`. Markers use',
    'kubebuilder syntax.',
    '',
    '| Marker | Targets | Arguments | Description | Example |',
    '|---|---|---|---|---|',
  ];
  for (const m of [...operatorTsMarkers().all()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    lines.push(
      `| \`+${m.name}\` | ${m.targets.join(', ')} | ${cell(argsOf(m))} | ${cell(m.help)} | \`${cell(m.example)}\` |`,
    );
  }
  lines.push(
    '',
    '## Spellings',
    '',
    'Markers are read as controller-gen reads them: `+name=value`, `+name:=value` (the same, for markers with one unnamed',
    'value), `+name:arg=v,arg2=v` (any argument may come first), lists as `a;b` or `{a,b}`, maps as `{k: v}`, strings bare,',
    '`"quoted"` or back-quoted; a bare `null` is the string "null". They stand in `//` or `/** */` comments directly above a',
    'declaration (or one blank line above its doc comment); package-level markers anywhere in a file.',
    '',
    'Deliberate difference: controller-gen silently ignores every marker it does not know, so a typo such as',
    '`+kubebuilder:validation:Minumum=1` loses the bound. operator-ts refuses an unknown `+kubebuilder:` marker with a located',
    'error and the nearest marker as the fix. Names that spell a marker in other letter case (`+kubebuilder:validation:optional`)',
    "or put a marker under `kubebuilder:validation:` (`+kubebuilder:validation:nullable` for `+nullable`), which controller-tools'",
    'own fixtures carry, are accepted with no effect, as in controller-gen, and a warning names the marker meant. Markers of',
    'other tools (`+k8s:openapi-gen`, `+genclient`) are ignored.',
    '',
    '## Deliberate refusals',
    '',
    'Each is a located error with its fix, where controller-gen writes something that loses data or that the API server refuses:',
    'an unknown `+kubebuilder:` marker (see Spellings); plain `number` (say `int`, `int32`, `int64` or `float64`); `any`,',
    '`unknown` or `object` without `+kubebuilder:pruning:PreserveUnknownFields` or `+kubebuilder:validation:Schemaless`; an',
    'empty `+groupName=` (controller-gen names the CRD `<plural>.`, which the API server refuses); `UniqueItems=true`',
    '(structural schemas forbid it); a `Pattern` that is not RE2 syntax; any TypeScript syntax error in an input file.',
    '',
    '## Kinds',
    '',
    'As controller-gen finds kinds by their embedded `metav1.TypeMeta` and `metav1.ObjectMeta`, operator-ts finds them by',
    'their shape: every exported interface, class or object type alias (a type literal or an intersection) of a folder with',
    '`+groupName` whose own or inherited properties include `apiVersion`, `kind` and `metadata` of type `V1ObjectMeta` is a',
    'kind and gets a CRD, with or without `+kubebuilder:object:root`. Not kinds: a `<Kind>List` (`metadata: V1ListMeta`), a',
    "generic type, an alias naming another type (`type B = A`, like Go's `type B A`), a type that is not exported (a base",
    "interface), and any type of a folder without `+groupName` (a controller's view of another operator's resource); there",
    'an explicit `+kubebuilder:object:root=true` is an error asking for the group.',
    '',
    '## Type mapping',
    '',
    'How the type of a field becomes its schema (descriptions left out). Generated from `src/schema/type-mappings.ts`;',
    '`src/schema/type-mappings.test.ts` runs the generator on every row. The examples use these declarations:',
    '',
    '```ts',
    TYPE_MAPPING_PRELUDE,
    '```',
    '',
    '| TypeScript | Go (controller-gen) | Schema | Note |',
    '|---|---|---|---|',
  );
  for (const t of TYPE_MAPPINGS) {
    const schema = t.schema === undefined ? 'rejected (error with a fix)' : `\`${cell(JSON.stringify(t.schema))}\``;
    lines.push(`| \`${cell(t.ts)}\` | ${cell(t.go)} | ${schema} | ${cell(t.note ?? '')} |`);
  }
  return `${lines.join('\n')}\n`;
}
