import { describe, expect, it } from 'vitest';
import {
  DeclarativeProblem,
  fieldKeywords,
  isRequiredField,
  kubebuilderKeywords,
  markerDefault,
  markerNames,
  structRules,
} from './declarative-validation.js';
import type { GoField } from './go-structs.js';

const field = (json: string, markers: string[], omitEmpty = true): GoField => ({
  json,
  inline: false,
  omitEmpty,
  type: 'string',
  markers,
});

describe('markerNames', () => {
  it("looks a marker up as controller-tools' splitMarker does, so a wrapped tag is no tag of its own", () => {
    expect(markerNames('+k8s:maxItems=4')).toEqual({ anonymous: 'k8s:maxItems', name: 'k8s', value: '4' });
    expect(markerNames('+k8s:required')).toEqual({ anonymous: 'k8s:required', name: 'k8s:required', value: undefined });
    expect(markerNames('+k8s:beta(since: "1.37")=+k8s:required').anonymous).toBe('k8s:beta(since: "1.37")');
  });
});

describe('fieldKeywords: what controller-gen v0.23.0 writes for declarative validation tags', () => {
  it('+k8s:required gives a minimum size by the schema type the field has before inlining', () => {
    expect(fieldKeywords(['+k8s:required'], 'string', 'x')).toEqual({ minLength: 1 });
    expect(fieldKeywords(['+k8s:required'], 'array', 'x')).toEqual({ minItems: 1 });
    expect(fieldKeywords(['+k8s:required'], 'object', 'x')).toEqual({ minProperties: 1 });
    // A struct, or a named type of another package (resource.Quantity), is a bare $ref there.
    expect(fieldKeywords(['+k8s:required'], 'ref', 'x')).toEqual({ minProperties: 1 });
    expect(fieldKeywords(['+k8s:required'], 'integer', 'x')).toEqual({});
    expect(fieldKeywords(['+k8s:required'], 'boolean', 'x')).toEqual({});
  });

  it('+k8s:maxItems, +k8s:minimum and +k8s:maximum set their bounds, without a trailing # comment', () => {
    expect(fieldKeywords(['+k8s:maxItems=10'], 'array', 'x')).toEqual({ maxItems: 10 });
    expect(
      fieldKeywords(['+k8s:minimum=0', '+k8s:maximum=1000000000 # HighestUserDefinablePriority'], 'integer', 'x'),
    ).toEqual({ minimum: 0, maximum: 1000000000 });
    expect(fieldKeywords(['+k8s:minimum=0.5'], 'number', 'x')).toEqual({ minimum: 0.5 });
  });

  it('+k8s:immutable puts self == oldSelf on the field', () => {
    expect(fieldKeywords(['+k8s:immutable', '+k8s:maxItems=4'], 'array', 'x')).toEqual({
      maxItems: 4,
      'x-kubernetes-validations': [{ message: 'field is immutable', rule: 'self == oldSelf' }],
    });
  });

  it('applies no tag wrapped in another (+k8s:alpha, +k8s:beta, +k8s:ifEnabled), as controller-gen knows none of them', () => {
    expect(
      fieldKeywords(
        [
          '+k8s:beta(since: "1.37")=+k8s:maxItems=32',
          '+k8s:alpha(since: "1.37")=+k8s:immutable',
          '+k8s:ifEnabled(X)=+k8s:minimum=0',
          '+k8s:maxBytes=256',
        ],
        'array',
        'x',
      ),
    ).toEqual({});
  });

  it('refuses what controller-gen refuses: a bound on the wrong type, a fraction on an integer', () => {
    expect(() => fieldKeywords(['+k8s:maxItems=4'], 'string', 'V1X.f')).toThrow(DeclarativeProblem);
    expect(() => fieldKeywords(['+k8s:minimum=0'], 'ref', 'V1X.f')).toThrow(/V1X\.f: \+k8s:minimum on a ref/);
    expect(() => fieldKeywords(['+k8s:maximum=1.5'], 'integer', 'V1X.f')).toThrow(/not an integer/);
  });
});

describe('isRequiredField and structRules', () => {
  it("follows controller-gen's order: optional markers before required ones, else a field without omitempty", () => {
    expect(isRequiredField(field('a', ['+optional', '+k8s:required']))).toBe(false);
    expect(isRequiredField(field('a', ['+k8s:required']))).toBe(true);
    expect(isRequiredField(field('a', ['+optional', '+kubebuilder:validation:Required']))).toBe(true);
    expect(isRequiredField(field('a', [], false))).toBe(true);
    expect(isRequiredField(field('a', []))).toBe(false);
  });

  it('forbids removing an optional immutable field once set, and leaves required ones to their own rule', () => {
    expect(
      structRules([
        field('a', ['+k8s:optional', '+k8s:immutable']),
        field('b', ['+k8s:required', '+k8s:immutable']),
        field('c', []),
      ]),
    ).toEqual([{ message: 'field a is immutable once set', rule: '!has(oldSelf.a) || has(self.a)' }]);
  });
});

describe('markerDefault: the defaults controller-gen writes', () => {
  it('is the JSON value of +default, none for ref(<constant>) or without the marker', () => {
    expect(markerDefault(['+default="ext4"'], 'x')).toEqual({ value: 'ext4' });
    expect(markerDefault(['+default={"single": {}}'], 'x')).toEqual({ value: { single: {} } });
    expect(markerDefault(['+default=0'], 'x')).toEqual({ value: 0 });
    expect(markerDefault(['+default=ref(AzureDataDiskCachingReadWrite)'], 'x')).toBeUndefined();
    expect(markerDefault(['+default="a"', '+kubebuilder:default="b"'], 'x')).toEqual({ value: 'b' });
    // openapi-gen gives an optional field without omitempty its zero value; no marker asked for it.
    expect(markerDefault(['+optional'], 'x')).toBeUndefined();
    expect(() => markerDefault(['+default=ReadWrite'], 'V1X.f')).toThrow(/V1X\.f: the default ReadWrite is not JSON/);
  });
});

describe('kubebuilderKeywords', () => {
  it('writes the kubebuilder schema markers k8s.io/api uses: MaxLength, MinLength and a backquoted Pattern on strings, Minimum, Enum, Type and Format', () => {
    expect(
      kubebuilderKeywords(
        [
          '+optional',
          '+kubebuilder:validation:Required',
          '+kubebuilder:validation:Pattern=`^[a-z]+$`',
          '+kubebuilder:validation:MaxLength=316',
          '+kubebuilder:validation:MinLength=1',
        ],
        'string',
        'x',
      ),
    ).toEqual({ maxLength: 316, minLength: 1, pattern: '^[a-z]+$' });
    expect(kubebuilderKeywords(['+kubebuilder:validation:Enum=True;False;Unknown'], 'string', 'x')).toEqual({
      enum: ['True', 'False', 'Unknown'],
    });
    expect(kubebuilderKeywords(['+kubebuilder:validation:Minimum=0'], 'integer', 'x')).toEqual({ minimum: 0 });
    // metav1.Time is a $ref when the markers apply; Type comes first, so Format and string checks see a string.
    expect(
      kubebuilderKeywords(
        ['+kubebuilder:validation:Type=string', '+kubebuilder:validation:Format=date-time'],
        'ref',
        'x',
      ),
    ).toEqual({ format: 'date-time', type: 'string' });
  });

  it('refuses a marker on the wrong type, and a kubebuilder marker the data would lack', () => {
    expect(() => kubebuilderKeywords(['+kubebuilder:validation:MaxLength=3'], 'array', 'V1X.f')).toThrow(
      /V1X\.f: .* on a array/,
    );
    expect(() => kubebuilderKeywords(['+kubebuilder:validation:MaxItems=3'], 'array', 'V1X.f')).toThrow(
      /does not apply/,
    );
  });
});
