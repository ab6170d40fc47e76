import { describe, expect, it } from 'vitest';
import { parseGoFile } from './go-structs.js';

const SOURCE = `package v1

import (
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	schedulingv1alpha3 "k8s.io/api/scheduling/v1alpha3"
)

import "k8s.io/apimachinery/pkg/util/intstr"

// +k8s:deepcopy-gen=package

// Widget is a kind.
// +k8s:enum
type Mode string

const (
	// ModeA is A.
	ModeA Mode = "A"
	ModeB Mode = "B" // trailing comment
	ModeC      = Mode("C")
	other      = 3
)

const ModeD Mode = "D"

// WidgetSpec is the spec.
type WidgetSpec struct {
	metav1.TypeMeta \`json:",inline"\`
	Inlined \`json:",inline"\`

	// +k8s:optional

	// name of the widget.
	// +k8s:required
	Name string \`json:"name" protobuf:"bytes,1,opt,name=name"\`
	// +default=ref(ModeA)
	Mode *Mode \`json:"mode,omitempty"\` // a line comment is no doc
	Skipped string \`json:"-"\`
	Nested struct {
		Inner string \`json:"inner"\`
	} \`json:"nested"\`
	// +k8s:maxItems=4
	Items []schedulingv1alpha3.Item \`json:"items,omitempty"\`
	Port intstr.IntOrString \`json:"port,omitzero"\`
}

func (w *WidgetSpec) Name() string {
	type local struct{}
	return fmt.Sprint(w)
}

type (
	// Names are names.
	// +listType=set
	Names []string
	Other struct {
		// +optional
		A int32 \`json:"a,omitempty"\`
	}
)
`;

describe('parseGoFile', () => {
  const file = parseGoFile(SOURCE);

  it('reads the imports by the name the file uses', () => {
    expect([...file.imports]).toEqual([
      ['fmt', 'fmt'],
      ['metav1', 'k8s.io/apimachinery/pkg/apis/meta/v1'],
      ['schedulingv1alpha3', 'k8s.io/api/scheduling/v1alpha3'],
      ['intstr', 'k8s.io/apimachinery/pkg/util/intstr'],
    ]);
  });

  it('reads string constants written with their type, not conversions or untyped ones', () => {
    expect(file.consts).toEqual([
      { type: 'Mode', value: 'A' },
      { type: 'Mode', value: 'B' },
      { type: 'Mode', value: 'D' },
    ]);
  });

  it('reads top-level types and those of a type block, never those inside function bodies', () => {
    // The comment group before a doc comment belongs to the declaration too, package markers included.
    expect(file.types.map((t) => [t.name, t.underlying, t.markers])).toEqual([
      ['Mode', 'string', ['+k8s:deepcopy-gen=package', '+k8s:enum']],
      ['WidgetSpec', 'struct', []],
      ['Names', '[]string', ['+listType=set']],
      ['Other', 'struct', []],
    ]);
    expect(file.types[3]?.fields).toEqual([
      { json: 'a', inline: false, omitEmpty: true, type: 'int32', markers: ['+optional'] },
    ]);
  });

  it("reads each field's JSON tag, type and markers, with those of the comment group before its doc, as controller-gen does", () => {
    expect(file.types[1]?.fields).toEqual([
      { json: '', inline: true, omitEmpty: false, type: 'metav1.TypeMeta', markers: [] },
      { json: '', inline: true, omitEmpty: false, type: 'Inlined', markers: [] },
      { json: 'name', inline: false, omitEmpty: false, type: 'string', markers: ['+k8s:optional', '+k8s:required'] },
      { json: 'mode', inline: false, omitEmpty: true, type: '*Mode', markers: ['+default=ref(ModeA)'] },
      {
        json: 'items',
        inline: false,
        omitEmpty: true,
        type: '[]schedulingv1alpha3.Item',
        markers: ['+k8s:maxItems=4'],
      },
      { json: 'port', inline: false, omitEmpty: true, type: 'intstr.IntOrString', markers: [] },
    ]);
  });
});
