import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { operatorTsMarkers } from '../../../generate/markers.js';
import { collectCsvDescriptors, titleCase } from './marker-descriptors.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'ots-csv-markers-'));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const M = '+operator-sdk:csv:customresourcedefinitions';

const TYPES = `
import type { Endpoint } from './endpoint.js';

export interface Member {
  /**
   * The member's address.
   * ${M}:type=spec,displayName="Address",order=2
   */
  address?: string;
}

export interface CacheSpec {
  /**
   * Number of pods.
   * ${M}:type=spec,xDescriptors={"urn:alm:descriptor:com.tectonic.ui:podCount"},order=1
   * ${M}:type=spec,displayName="Ignored",xDescriptors={"urn:alm:descriptor:com.tectonic.ui:number"}
   */
  replicaCount?: number;
  /** ${M}:type=spec */
  members?: Member[];
  endpoint?: Endpoint;
  plain?: string;
}

export interface CacheStatus {
  /** Pods ready. ${''}
   * ${M}:type=status,displayName="Ready"
   */
  ready?: string[];
}

/**
 * Cache is a cache.
 * +kubebuilder:object:root=true
 * ${M}:displayName="Cache Cluster",resources={{Deployment,v1,""},{Service,v1,cache-svc}},order=3
 */
export interface Cache {
  apiVersion?: string;
  kind?: string;
  metadata?: object;
  spec?: CacheSpec;
  status?: CacheStatus;
}

/**
 * Plain has no CSV markers.
 * +kubebuilder:object:root=true
 */
export interface Plain {
  apiVersion?: string;
  kind?: string;
  spec?: { a?: string };
}
`;

describe('collectCsvDescriptors', () => {
  it('reads kind and field markers, follows types across files and arrays, merges repeated markers', () => {
    const root = project({
      'src/api/v1/groupversion.ts': '// +groupName=cache.example.com\nexport const x = 1;\n',
      'src/api/v1/cache.types.ts': TYPES,
      'src/api/v1/endpoint.ts': `export interface Endpoint {\n  /** ${M}:type=spec,displayName="Port" */\n  port?: string;\n}\n`,
    });
    const { descriptors, diagnostics } = collectCsvDescriptors(operatorTsMarkers(), root);
    expect(diagnostics).toEqual([]);
    expect(descriptors).toEqual([
      {
        group: 'cache.example.com',
        version: 'v1',
        kind: 'Cache',
        displayName: 'Cache Cluster',
        description: 'Cache is a cache.',
        order: 3,
        resources: [
          { kind: 'Deployment', version: 'v1' },
          { kind: 'Service', version: 'v1', name: 'cache-svc' },
        ],
        specDescriptors: [
          {
            path: 'replicaCount',
            displayName: 'Replica Count',
            description: 'Number of pods.',
            order: 1,
            xDescriptors: ['urn:alm:descriptor:com.tectonic.ui:podCount', 'urn:alm:descriptor:com.tectonic.ui:number'],
          },
          { path: 'members', displayName: 'Members' },
          { path: 'members[0].address', displayName: 'Address', description: "The member's address.", order: 2 },
          { path: 'endpoint.port', displayName: 'Port' },
        ],
        statusDescriptors: [{ path: 'ready', displayName: 'Ready', description: 'Pods ready.' }],
      },
    ]);
  });

  it('reports field markers without type= and malformed resources with file:line', () => {
    const root = project({
      'src/api/v1/groupversion.ts': '// +groupName=cache.example.com\nexport const x = 1;\n',
      'src/api/v1/bad.types.ts': `
/**
 * +kubebuilder:object:root=true
 * ${M}:resources={{Deployment}}
 */
export interface Bad {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string };
  spec?: {
    /** ${M}:displayName="X" */
    x?: string;
  };
}
`,
    });
    const { diagnostics } = collectCsvDescriptors(operatorTsMarkers(), root);
    expect(diagnostics.map((d) => [d.line, d.message])).toEqual([
      [4, expect.stringMatching(/resources entry \["Deployment"\] .* is not \{Kind,version,name\}/)],
      [11, expect.stringMatching(/on field x needs type=spec or type=status/)],
    ]);
  });

  it('reports misspelled marker arguments through the shared marker grammar', () => {
    const root = project({
      'src/api/v1/groupversion.ts': '// +groupName=cache.example.com\nexport const x = 1;\n',
      'src/api/v1/typo.types.ts': `/**\n * +kubebuilder:object:root=true\n * ${M}:dispalyName="X"\n */\nexport interface Typo { apiVersion?: string; kind?: string }\n`,
    });
    const { diagnostics } = collectCsvDescriptors(operatorTsMarkers(), root);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]?.message).toMatch(/unknown argument "dispalyName"/);
    expect(diagnostics[0]?.hint).toMatch(/did you mean "displayName"/);
  });

  it('title-cases names like operator-sdk', () => {
    expect(titleCase('replicaCount')).toBe('Replica Count');
    expect(titleCase('HTTPServer')).toBe('HTTP Server');
  });
});
