import { describe, expect, it } from 'vitest';
import { INITIAL_STATE, nextState, type ReflectorEvent, type ReflectorState } from './reflector-state.js';

const empty: ReflectorState = { phase: 'empty' };
const listing: ReflectorState = { phase: 'initListing' };
const listed: ReflectorState = { phase: 'initListed', resourceVersion: '10' };
const watching: ReflectorState = { phase: 'watching', resourceVersion: '10' };
const backoffToList: ReflectorState = { phase: 'backoff', delayMs: 800, reason: 'server_error', then: empty };
const backoffToWatch: ReflectorState = {
  phase: 'backoff',
  delayMs: 800,
  reason: 'network',
  then: { phase: 'initListed', resourceVersion: '12' },
};
const stopped: ReflectorState = { phase: 'stopped' };

describe('reflector states', () => {
  it('starts empty', () => {
    expect(INITIAL_STATE).toEqual(empty);
  });

  it.each<[string, ReflectorState, ReflectorEvent, ReflectorState]>([
    ['a list starts', empty, { type: 'listStarted' }, listing],
    ['a list succeeds', listing, { type: 'listed', resourceVersion: '10' }, listed],
    [
      'a list fails: back off, then relist',
      listing,
      { type: 'listFailed', reason: 'server_error', delayMs: 800, err: new Error('x') },
      backoffToList,
    ],
    ['a watch opens from the listed resourceVersion', listed, { type: 'watchStarted' }, watching],
    [
      'a watch closes cleanly: resume at once from the last seen resourceVersion',
      watching,
      { type: 'watchEnded', reason: 'closed', delayMs: 0, resourceVersion: '12' },
      { phase: 'initListed', resourceVersion: '12' },
    ],
    [
      'a watch fails: back off, then resume',
      watching,
      { type: 'watchEnded', reason: 'network', delayMs: 800, resourceVersion: '12' },
      backoffToWatch,
    ],
    [
      'a watch cannot be opened: back off, then try again',
      listed,
      { type: 'watchEnded', reason: 'network', delayMs: 800, resourceVersion: '12' },
      backoffToWatch,
    ],
    ['a working watch expires (410): relist at once', watching, { type: 'watchExpired', delayMs: 0 }, empty],
    [
      'a watch expires before its first event: back off, then relist',
      listed,
      { type: 'watchExpired', delayMs: 800 },
      { phase: 'backoff', delayMs: 800, reason: 'expired', then: empty },
    ],
    ['a backoff towards a relist ends', backoffToList, { type: 'backoffElapsed' }, empty],
    [
      'a backoff towards a watch ends',
      backoffToWatch,
      { type: 'backoffElapsed' },
      { phase: 'initListed', resourceVersion: '12' },
    ],
  ])('%s', (_, from, event, to) => {
    expect(nextState(from, event)).toEqual(to);
  });

  it('stops from every state when the signal aborts', () => {
    for (const from of [empty, listing, listed, watching, backoffToList, backoffToWatch, stopped]) {
      expect(nextState(from, { type: 'aborted' })).toEqual(stopped);
    }
  });

  it.each<[ReflectorState, ReflectorEvent]>([
    [empty, { type: 'listed', resourceVersion: '1' }],
    [empty, { type: 'watchStarted' }],
    [listing, { type: 'watchStarted' }],
    [watching, { type: 'watchStarted' }],
    [watching, { type: 'listStarted' }],
    [backoffToList, { type: 'listStarted' }],
    [stopped, { type: 'listStarted' }],
  ])('has no transition from %j on %j', (from, event) => {
    expect(() => nextState(from, event)).toThrow(`reflector: no transition from ${from.phase} on ${event.type}`);
  });
});
