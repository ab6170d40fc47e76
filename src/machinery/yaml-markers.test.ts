import { describe, expect, it } from 'vitest';
import { toYamlWithMarkers } from './yaml-markers.js';

describe('toYamlWithMarkers', () => {
  it('closes lists with markers and ends with an empty key plus marker', () => {
    expect(toYamlWithMarkers({ resources: ['a'], patches: null }, { listMarkers: { resources: 'res' }, endMarkers: ['patches'], header: 'hi' })).toBe(
      '# hi\n\nresources:\n- a\n# +operator-ts:scaffold:res\npatches:\n\n# +operator-ts:scaffold:patches\n',
    );
  });
});
