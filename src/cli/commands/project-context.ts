import { validateGroup, validateKind, validatePlural, validateVersion, pluralOf } from '../../model/naming.js';
import type { FlagValues } from '../../plugin/types.js';
import { requireFlag } from '../runner.js';

/** Gvk is the validated resource identity from --group/--version/--kind/--plural. */
export interface Gvk {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  /** --plural, else kubebuilder's plural of the kind. */
  readonly plural: string;
}

/** readGvk reads and validates --group, --version, --kind and --plural. */
export function readGvk(flags: FlagValues, command: string): Gvk {
  const example = `operator-ts ${command} --group cache --version v1alpha1 --kind Memcached`;
  const group = requireFlag(flags, 'group', 'group', example);
  const version = requireFlag(flags, 'version', 'version', example);
  const kind = requireFlag(flags, 'kind', 'kind', example);
  validateGroup(group);
  validateVersion(version);
  validateKind(kind);
  const plural = typeof flags['plural'] === 'string' ? flags['plural'] : pluralOf(kind);
  validatePlural(plural);
  return { group, version, kind, plural };
}
