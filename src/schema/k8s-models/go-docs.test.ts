import { describe, expect, it } from 'vitest';
import { docText, goDocComments, indexGoDocs, spacedKey, withGoLineBreaks } from './go-docs.js';

const SOURCE = `package v1

// LocalObjectReference contains enough information to let you locate the
// referenced object inside the same namespace.
// +structType=atomic
type LocalObjectReference struct {
	// Name of the referent.
	// This field is effectively required.
	//
	//
	// More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#names
	// TODO: Add other useful fields. apiVersion, kind, uid?
	// +optional
	Name string \`json:"name,omitempty"\`

	// a comment block followed by a blank line documents nothing

	// type of condition in CamelCase.
	// ---
	// Many .condition.type values are consistent across resources.
	Type string \`json:"type"\`
	// Example:
	// \`\`\`
	// TODO stays inside a code block
	// \`\`\`
	Example string \`json:"example"\`
}
`;

describe('Go doc comments as controller-gen writes them', () => {
  it('keeps line breaks, drops markers and TODO lines, collapses blank lines, stops at ---', () => {
    expect(goDocComments(SOURCE)).toEqual([
      'LocalObjectReference contains enough information to let you locate the\nreferenced object inside the same namespace.',
      'Name of the referent.\nThis field is effectively required.\n\nMore info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#names',
      'type of condition in CamelCase.',
      'Example:\n```\nTODO stays inside a code block\n```',
    ]);
  });
  it('trims one space after // and keeps further indentation, as go/ast does', () => {
    expect(docText(['// a', '//   indented', '//go:generate x'])).toBe('a\n  indented');
  });
});

describe('withGoLineBreaks', () => {
  const index = indexGoDocs([SOURCE]);
  it('gives a description the Go line breaks when its words match a doc comment', () => {
    const counts = { replaced: 0, missing: 0 };
    const schema = {
      description:
        'LocalObjectReference contains enough information to let you locate the referenced object inside the same namespace.',
      properties: {
        name: { type: 'string', description: 'no such doc comment' },
        description: { type: 'string', default: 'x' },
      },
    };
    const out = withGoLineBreaks(schema, index, counts);
    expect(out.description).toBe(
      'LocalObjectReference contains enough information to let you locate the\nreferenced object inside the same namespace.',
    );
    expect(out.properties?.name?.description).toBe('no such doc comment');
    expect(out.properties?.description).toEqual({ type: 'string', default: 'x' });
    expect(counts).toEqual({ replaced: 1, missing: 1 });
    expect(schema.description).not.toContain('\n');
  });
  it('leaves a description alone when doc comments with its words break lines differently', () => {
    const twice = indexGoDocs(['// one two\n// three\nA int', '// one\n// two three\nB int']);
    expect(twice.ambiguous).toEqual(new Set([spacedKey('one two three')]));
    expect(withGoLineBreaks({ description: 'one two three' }, twice, { replaced: 0, missing: 0 }).description).toBe(
      'one two three',
    );
  });
});
