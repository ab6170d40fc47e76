import type { MarkerDefinition } from './definition.js';

/**
 * MarkerRegistry holds the markers one run knows, as controller-tools' markers.Registry does: each
 * generator registers the markers it reads, the parser looks them up and suggests them for typos, and the
 * marker reference lists them. Registration order is kept, so suggestions break ties the same way on
 * every run.
 */
export class MarkerRegistry {
  private readonly defs: MarkerDefinition[] = [];
  private readonly byName = new Map<string, MarkerDefinition>();
  private lowerCase: Map<string, MarkerDefinition> | undefined;
  private spaces: Set<string> | undefined;

  /** MarkerRegistry.register adds definitions; a name registered twice is a bug of the generators. */
  register(...defs: readonly MarkerDefinition[]): this {
    for (const def of defs) {
      if (this.byName.has(def.name)) throw new Error(`marker +${def.name} is registered twice`);
      this.defs.push(def);
      this.byName.set(def.name, def);
    }
    this.lowerCase = undefined;
    this.spaces = undefined;
    return this;
  }

  /** MarkerRegistry.lookup returns the definition registered under name. */
  lookup(name: string): MarkerDefinition | undefined {
    return this.byName.get(name);
  }

  /** MarkerRegistry.all lists every definition in registration order. */
  all(): readonly MarkerDefinition[] {
    return this.defs;
  }

  /** MarkerRegistry.lookupIgnoringCase returns the definition whose name is name in other letter case. */
  lookupIgnoringCase(name: string): MarkerDefinition | undefined {
    this.lowerCase ??= new Map(this.defs.map((m) => [m.name.toLowerCase(), m]));
    return this.lowerCase.get(name.toLowerCase());
  }

  /** MarkerRegistry.hasNamespace tells whether some marker is named `<namespace>:<word>`. */
  hasNamespace(namespace: string): boolean {
    this.spaces ??= new Set(this.defs.map((m) => namespaceOf(m.name)));
    return this.spaces.has(namespace);
  }
}

/** namespaceOf is a marker name without its last segment (`kubebuilder:validation` of `kubebuilder:validation:Minimum`). */
export function namespaceOf(name: string): string {
  const i = name.lastIndexOf(':');
  return i < 0 ? '' : name.slice(0, i);
}
