import { describe, expect, it } from 'vitest';
import { descriptionFromDoc, limitedDescriptions, truncateDescription } from './description.js';

describe('descriptionFromDoc', () => {
  it('keeps paragraphs, drops TODO lines and cuts at ---', () => {
    expect(
      descriptionFromDoc(['', 'First line.  ', 'second', '', '', 'TODO: later', 'Para two.', '---', 'hidden']),
    ).toBe('First line.\nsecond\n\nPara two.');
  });
  it('keeps TODO and --- inside fenced code', () => {
    expect(descriptionFromDoc(['```', 'TODO x', '---', '```', 'after'])).toBe('```\nTODO x\n---\n```\nafter');
  });
});

describe('truncateDescription', () => {
  it('cuts at a word boundary and marks the cut', () => {
    expect(truncateDescription('alpha beta gamma', 12)).toBe('alpha beta...');
    expect(truncateDescription('short', 10)).toBe('short');
  });
  it('limitedDescriptions drops all descriptions at 0 but not property names or defaults', () => {
    const schema = {
      description: 'x',
      properties: { description: { description: 'y', type: 'string' } },
      default: { description: 'keep' },
    };
    expect(limitedDescriptions(schema, 0)).toEqual({
      properties: { description: { type: 'string' } },
      default: { description: 'keep' },
    });
  });
  it('limitedDescriptions leaves its input as it was (subtrees are shared between uses of a model)', () => {
    const shared = { description: 'alpha beta gamma', type: 'string' };
    const schema = { properties: { a: shared, b: shared } };
    const once = limitedDescriptions(schema, 12);
    expect(once.properties.a.description).toBe('alpha beta...');
    expect(shared.description).toBe('alpha beta gamma');
    expect(limitedDescriptions(schema, 12)).toEqual(once);
  });
});
