import { describe, expect, it } from 'vitest';
import { toYamlWithMarkers } from './yaml-markers.js';

describe('toYamlWithMarkers', () => {
  it('closes lists with markers and ends with an empty key plus marker', () => {
    expect(
      toYamlWithMarkers(
        { resources: ['a'], patches: null },
        { listMarkers: { resources: 'res' }, endMarkers: ['patches'], header: 'hi' },
      ),
    ).toBe('# hi\n\nresources:\n- a\n# +operator-ts:scaffold:res\npatches:\n\n# +operator-ts:scaffold:patches\n');
  });

  it('puts commented hints after a list and at the end, above their markers', () => {
    const text = toYamlWithMarkers(
      { resources: ['a'], replacements: null },
      {
        listMarkers: { resources: 'res' },
        listComments: { resources: ' [X] uncomment to enable x:\n- ../x' },
        endComment: '- source: y',
        endMarkers: ['rep'],
      },
    );
    expect(text).toBe(
      'resources:\n- a\n# [X] uncomment to enable x:\n#- ../x\n# +operator-ts:scaffold:res\nreplacements:\n\n#- source: y\n# +operator-ts:scaffold:rep\n',
    );
  });
});
