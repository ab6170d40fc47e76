import type { ArgType } from './parse-value.js';

/** MarkerTarget is where a marker may stand: in a folder (package), on a type, or on a field. */
export type MarkerTarget = 'package' | 'type' | 'field';

/** ArgSpec describes one named argument of a marker. */
export interface ArgSpec {
  name: string;
  type: ArgType;
  optional?: boolean;
  /** Allowed values (compared case-sensitively unless `caseInsensitive`). */
  oneOf?: readonly string[];
  caseInsensitive?: boolean;
}

/**
 * MarkerDefinition is what the grammar knows of a marker: its name, where it may stand, the shape of its
 * value and its docs. The generator that reads a marker defines it, with its behaviour beside it, and
 * registers it (see MarkerRegistry).
 */
export interface MarkerDefinition {
  /** Name without the leading `+`, e.g. `kubebuilder:validation:Minimum`. */
  readonly name: string;
  readonly targets: readonly MarkerTarget[];
  /** Type of the single anonymous value (`+name=value`); absent for flags and named-argument markers. */
  readonly value?: ArgType;
  /** Allowed anonymous values. */
  readonly valueOneOf?: readonly string[];
  /** Named arguments (`+name:arg=v,arg2=v`). */
  readonly args?: readonly ArgSpec[];
  readonly help: string;
  readonly example: string;
}

/** flagMarker defines a marker without a value (`+name`). */
export function flagMarker(name: string, targets: readonly MarkerTarget[], help: string): MarkerDefinition {
  return { name, targets, help, example: `+${name}` };
}

/**
 * misplacement says why a marker may not stand on target, with where to put it instead, or returns
 * undefined when it may stand there.
 */
export function misplacement(
  def: MarkerDefinition,
  text: string,
  target: MarkerTarget,
): readonly [message: string, hint: string] | undefined {
  if (def.targets.includes(target)) return undefined;
  const where = def.targets.filter((t) => t !== 'package');
  return [
    `${text} applies to ${where.map((t) => `${t}s`).join(' and ') || 'folders (package level)'}, not ${target}s`,
    where.includes('type')
      ? 'put it on the type declaration'
      : where.includes('field')
        ? 'put it on a field'
        : 'put it in a comment of any file of the folder, not above a declaration',
  ];
}
