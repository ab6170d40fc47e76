import { describe, expect, it } from 'vitest';
import { typesImports } from './create-api.js';

describe('typesImports', () => {
  it('imports int64 (the status) and only the number and JSON types the compiled spec names', () => {
    expect(typesImports('export interface WebAppSpec {\n  replicaCount?: int64;\n}')).toBe('int64');
    expect(typesImports('export interface S {\n  ratio?: float64;\n  extra?: JSONValue[];\n}')).toBe(
      'float64, int64, JSONValue',
    );
    expect(typesImports('export interface S {\n  float64Note?: string;\n}')).toBe('int64');
  });
});
