import { CLIENT_NODE_FIELD_SCHEMA, CLIENT_NODE_QUANTITY_FIELDS } from './known-types.js';
import type { IrProperty, IrType } from './model.js';

/** unescapeGenerated undoes the backslash escapes client-node's generator leaves in doc comments (\\' and \\"). */
export function unescapeGenerated(line: string): string {
  return line.replace(/\\(['"])/g, '$1');
}

/**
 * refineClientNodeProperty corrects a client-node model property with what its `attributeTypeMap` and
 * Kubernetes' own markers say: number formats, date-time and byte strings, quantities, list topology.
 */
export function refineClientNodeProperty(prop: IrProperty, attr: { type: string; format: string } | undefined, className: string): void {
  const extra = CLIENT_NODE_FIELD_SCHEMA[`${className}.${prop.name}`];
  if (extra !== undefined) prop.extra = extra;
  const fix = (ir: IrType): IrType => {
    if (ir.kind === 'error' && ir.message.startsWith('plain `number`')) {
      const f = attr?.format ?? '';
      if (f === 'int32' || f === 'int64') return { kind: 'primitive', type: 'integer', format: f };
      if (f === 'double' || f === 'float') return { kind: 'primitive', type: 'number' };
      return { kind: 'primitive', type: 'integer' };
    }
    if (ir.kind === 'primitive' && ir.type === 'string') {
      if (attr?.format === 'byte') return { ...ir, format: 'byte' };
      if (attr?.format === 'date-time' || attr?.format === 'date-time-micro') return { ...ir, format: 'date-time' };
      if (CLIENT_NODE_QUANTITY_FIELDS.has(prop.name)) return { kind: 'intOrString', quantity: true };
    }
    if (ir.kind === 'error' && ir.allowedBy === 'preserve') return { kind: 'preserveUnknown', object: false };
    if (ir.kind === 'array') return { kind: 'array', items: fix(ir.items) };
    if (ir.kind === 'map') return { kind: 'map', values: fix(ir.values) };
    return ir;
  };
  prop.type = fix(prop.type);
}
