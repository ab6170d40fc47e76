import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderMarkerReference } from './marker-reference.js';
import { operatorTsMarkers } from './markers.js';

describe('marker registry', () => {
  it('has help and an example for every entry, and renders them all', () => {
    const ref = renderMarkerReference();
    for (const m of operatorTsMarkers().all()) {
      expect(m.help.length, m.name).toBeGreaterThan(0);
      expect(m.example.startsWith(`+${m.name}`), m.name).toBe(true);
      expect(ref).toContain(`\`+${m.name}\``);
    }
  });
});

describe('REFERENCE.md', () => {
  it('is the rendered registry (UPDATE_GOLDEN=1 rewrites it)', () => {
    const path = new URL('../markers/REFERENCE.md', import.meta.url);
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(path)) writeFileSync(path, renderMarkerReference());
    expect(readFileSync(path, 'utf8')).toBe(renderMarkerReference());
  });
});
