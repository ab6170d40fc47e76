import { describe, expect, it } from 'vitest';
import { parseGoFile } from './go-structs.js';
import { GoTypeIndex, definitionPrefix } from './go-type-index.js';

const CORE = parseGoFile(`package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/api/resource"
)

// +k8s:enum
type Health string

const (
	HealthOK  Health = "OK"
	HealthBad Health = "Bad"
	HealthAll Health = "*"
)

type Plain string
type Alias Plain
type Names []string
type Labels map[string]string

type Condition metav1.Condition

type Source struct {
	Path string \`json:"path"\`
}

type Volume struct {
	Name string \`json:"name"\`
	Source \`json:",inline"\`
	Health *Health \`json:"health,omitempty"\`
	Healths []Health \`json:"healths,omitempty"\`
	Plain Plain \`json:"plain"\`
	Alias Alias \`json:"alias"\`
	Names Names \`json:"names"\`
	Labels Labels \`json:"labels"\`
	Count *int32 \`json:"count"\`
	Data []byte \`json:"data"\`
	Ratio float64 \`json:"ratio"\`
	Time metav1.Time \`json:"time"\`
	Phase metav1.Phase \`json:"phase"\`
	Conditions metav1.Conditions \`json:"conditions"\`
	Size resource.Quantity \`json:"size"\`
	Source2 *Source \`json:"source2"\`
}
`);

const META = parseGoFile(`package v1

type Time struct {
	Time int64 \`json:"-"\`
}
type Phase string
type Conditions []Condition
type Condition struct {
	// +default="x"
	Type string \`json:"type"\`
}
`);

const index = new GoTypeIndex([
  { path: 'k8s.io/api/core/v1', files: [CORE] },
  { path: 'k8s.io/apimachinery/pkg/apis/meta/v1', files: [META] },
]);

describe('GoTypeIndex', () => {
  it("names definitions as openapi-gen does, by the package's reversed host and path", () => {
    expect(definitionPrefix('k8s.io/api/core/v1')).toBe('io.k8s.api.core.v1');
    expect(definitionPrefix('k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1')).toBe(
      'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1',
    );
    expect(index.struct('io.k8s.api.core.v1.Volume')?.decl.name).toBe('Volume');
    expect(index.struct('io.k8s.api.core.v1.Health')).toBeUndefined();
    // A type defined as another package's struct has that struct's fields.
    expect(index.struct('io.k8s.api.core.v1.Condition')?.decl.fields.map((f) => f.markers)).toEqual([['+default="x"']]);
  });

  it('gives a struct the fields of the structs it inlines, in their place', () => {
    const v = index.struct('io.k8s.api.core.v1.Volume');
    expect(
      v === undefined
        ? []
        : index
            .fields(v.decl, v.at)
            .map((f) => f.json)
            .slice(0, 3),
    ).toEqual(['name', 'path', 'health']);
  });

  it('tells the schema type controller-gen has when field markers apply: basic for names of the package, $ref for names of others', () => {
    const v = index.struct('io.k8s.api.core.v1.Volume');
    if (v === undefined) throw new Error('no Volume');
    const types = Object.fromEntries(index.fields(v.decl, v.at).map((f) => [f.json, index.schemaType(f.type, f.at)]));
    expect(types).toEqual({
      name: 'string',
      path: 'string',
      health: 'string',
      healths: 'array',
      plain: 'string',
      alias: 'string',
      names: 'array',
      labels: 'object',
      count: 'integer',
      data: 'string',
      ratio: 'number',
      time: 'ref',
      phase: 'ref',
      conditions: 'array',
      size: undefined,
      source2: 'ref',
    });
  });

  it('lists the string constants of a +k8s:enum type in JSON order', () => {
    const v = index.struct('io.k8s.api.core.v1.Volume');
    if (v === undefined) throw new Error('no Volume');
    expect(index.enumOf('*Health', v.at)).toEqual(['*', 'Bad', 'OK']);
    expect(index.enumOf('Plain', v.at)).toBeUndefined();
  });
});
