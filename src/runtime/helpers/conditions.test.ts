import { describe, expect, it } from 'vitest';
import {
  findStatusCondition,
  formatTime,
  isStatusConditionFalse,
  isStatusConditionTrue,
  removeStatusCondition,
  setStatusCondition,
  type Condition,
} from './conditions.js';

const t0 = new Date('2026-01-01T00:00:00.250Z');
const t1 = new Date('2026-01-01T01:00:00Z');

describe('setStatusCondition', () => {
  it('appends a new condition with lastTransitionTime now', () => {
    const conds: Condition[] = [];
    expect(
      setStatusCondition(
        conds,
        { type: 'Available', status: 'True', reason: 'Ok', message: 'up', observedGeneration: 2 },
        () => t0,
      ),
    ).toBe(true);
    expect(conds).toEqual([
      {
        type: 'Available',
        status: 'True',
        reason: 'Ok',
        message: 'up',
        observedGeneration: 2,
        lastTransitionTime: '2026-01-01T00:00:00Z',
      },
    ]);
  });

  it('keeps lastTransitionTime when only reason, message or observedGeneration change', () => {
    const conds: Condition[] = [];
    setStatusCondition(conds, { type: 'Available', status: 'True', reason: 'Ok', message: 'up' }, () => t0);
    expect(
      setStatusCondition(
        conds,
        { type: 'Available', status: 'True', reason: 'Scaled', message: 'up 3', observedGeneration: 3 },
        () => t1,
      ),
    ).toBe(true);
    expect(conds[0]).toMatchObject({
      reason: 'Scaled',
      message: 'up 3',
      observedGeneration: 3,
      lastTransitionTime: '2026-01-01T00:00:00Z',
    });
    expect(
      setStatusCondition(
        conds,
        { type: 'Available', status: 'True', reason: 'Scaled', message: 'up 3', observedGeneration: 3 },
        () => t1,
      ),
    ).toBe(false);
  });

  it('moves lastTransitionTime when the status changes, to the given time or now', () => {
    const conds: Condition[] = [];
    setStatusCondition(conds, { type: 'Ready', status: 'False', reason: 'Wait', message: '' }, () => t0);
    expect(setStatusCondition(conds, { type: 'Ready', status: 'True', reason: 'Wait', message: '' }, () => t1)).toBe(
      true,
    );
    expect(conds[0]?.lastTransitionTime).toBe('2026-01-01T01:00:00Z');
    setStatusCondition(
      conds,
      { type: 'Ready', status: 'Unknown', reason: 'Wait', message: '', lastTransitionTime: '2020-01-01T00:00:00Z' },
      () => t1,
    );
    expect(conds[0]?.lastTransitionTime).toBe('2020-01-01T00:00:00Z');
    expect(conds).toHaveLength(1);
  });

  it('finds, tests and removes conditions', () => {
    const conds: Condition[] = [];
    setStatusCondition(conds, { type: 'A', status: 'True', reason: 'R', message: '' });
    setStatusCondition(conds, { type: 'B', status: 'False', reason: 'R', message: '' });
    expect(findStatusCondition(conds, 'B')?.status).toBe('False');
    expect(isStatusConditionTrue(conds, 'A')).toBe(true);
    expect(isStatusConditionTrue(conds, 'B')).toBe(false);
    expect(isStatusConditionFalse(conds, 'B')).toBe(true);
    expect(isStatusConditionTrue(undefined, 'A')).toBe(false);
    expect(removeStatusCondition(conds, 'A')).toBe(true);
    expect(removeStatusCondition(conds, 'A')).toBe(false);
    expect(conds.map((c) => c.type)).toEqual(['B']);
  });

  it('formats times like metav1.Time', () => {
    expect(formatTime(new Date('2026-05-06T07:08:09.999Z'))).toBe('2026-05-06T07:08:09Z');
  });
});
