import { describe, expect, it } from 'vitest';
import { descriptionFromDoc, limitDescriptions, truncateDescription } from './description.js';

describe('descriptionFromDoc', () => {
  it('keeps paragraphs, drops TODO lines and cuts at ---', () => {
    expect(descriptionFromDoc(['', 'First line.  ', 'second', '', '', 'TODO: later', 'Para two.', '---', 'hidden'])).toBe('First line.\nsecond\n\nPara two.');
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
  it('limitDescriptions drops all descriptions at 0 but not property names or defaults', () => {
    const schema = { description: 'x', properties: { description: { description: 'y', type: 'string' } }, default: { description: 'keep' } };
    limitDescriptions(schema, 0);
    expect(schema).toEqual({ properties: { description: { type: 'string' } }, default: { description: 'keep' } });
  });
});
