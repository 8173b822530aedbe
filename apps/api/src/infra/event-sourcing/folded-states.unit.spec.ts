import { FoldedStates } from './folded-states';

describe('FoldedStates', () => {
  it('remembers a stream state with its revision', () => {
    const states = new FoldedStates<{ n: number }>();
    expect(states.get('calendar-1')).toBeUndefined();
    states.remember('calendar-1', { n: 3 }, 2);
    expect(states.get('calendar-1')).toEqual({ state: { n: 3 }, revision: 2 });
  });

  it('keeps the later of two states (a slower command may fold an older revision last)', () => {
    const states = new FoldedStates<string>();
    states.remember('s', 'at 5', 5);
    states.remember('s', 'at 4', 4);
    expect(states.get('s')).toEqual({ state: 'at 5', revision: 5 });
  });

  it('remembers nothing for a stream that does not exist, and at most its bound', () => {
    const states = new FoldedStates<number>(2);
    states.remember('missing', 0, 'no_stream');
    expect(states.get('missing')).toBeUndefined();
    states.remember('a', 1, 0);
    states.remember('b', 2, 0);
    states.remember('c', 3, 0);
    expect(states.get('c')).toEqual({ state: 3, revision: 0 });
    expect([states.get('a'), states.get('b')].filter(Boolean).length).toBeLessThan(2);
  });
});
