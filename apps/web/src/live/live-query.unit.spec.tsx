import { Subject } from 'rxjs';
import { liveQuery$, type LiveQuery, READ_AGAIN } from './live-query';

interface Push {
  readonly position: number;
  readonly item: string;
  readonly count: number;
}
type Counts = Readonly<Record<string, number>>;

/** A query over counts per item, whose reads the test answers one by one. */
function harness(overrides: Partial<LiveQuery<Counts, Push>> = {}) {
  const pushes = new Subject<Push>();
  const refetch = new Subject<number | void>();
  const reads: { minPosition: number | undefined; answer: Subject<Counts> }[] = [];
  const states: Counts[] = [];
  const errors: unknown[] = [];
  const subscription = liveQuery$<Counts, Push>({
    read: (minPosition) => {
      const answer = new Subject<Counts>();
      reads.push({ minPosition, answer });
      return answer;
    },
    pushes,
    apply: (held, push) =>
      push.item in held
        ? held[push.item] === push.count
          ? held
          : { ...held, [push.item]: push.count }
        : READ_AGAIN,
    refetch$: refetch,
    ...overrides,
  }).subscribe({ next: (state) => states.push(state), error: (error) => errors.push(error) });
  const answer = (n: number, state: Counts) => {
    reads[n]!.answer.next(state);
    reads[n]!.answer.complete();
  };
  const push = (position: number, item: string, count: number) =>
    pushes.next({ position, item, count });
  const asked = () => reads.map((r) => r.minPosition);
  return { pushes, refetch, reads, states, errors, answer, push, asked, subscription };
}

describe('liveQuery$', () => {
  it('reads at first, then applies pushes in place', () => {
    const h = harness();
    expect(h.asked()).toEqual([undefined]);
    h.answer(0, { a: 1 });
    h.push(5, 'a', 2);
    expect(h.states).toEqual([{ a: 1 }, { a: 2 }]);
    expect(h.asked()).toEqual([undefined]);
  });

  it('applies a push heard twice once, and drops what the answer held covers', () => {
    const h = harness();
    h.answer(0, { a: 1 });
    h.push(5, 'a', 2);
    h.push(5, 'a', 3);
    expect(h.states).toEqual([{ a: 1 }, { a: 2 }]);
    h.refetch.next();
    h.answer(1, { a: 2 });
    expect(h.asked()).toEqual([undefined, 5]);
    h.push(4, 'a', 9);
    expect(h.states).toEqual([{ a: 1 }, { a: 2 }, { a: 2 }]);
  });

  it('does not emit for a push that changes nothing', () => {
    const h = harness();
    h.answer(0, { a: 1 });
    h.push(3, 'a', 1);
    expect(h.states).toEqual([{ a: 1 }]);
  });

  it('reads again, at the push position, for an item it does not hold', () => {
    const h = harness();
    h.answer(0, { a: 1 });
    h.push(7, 'b', 1);
    expect(h.asked()).toEqual([undefined, 7]);
    h.answer(1, { a: 1, b: 1 });
    expect(h.states).toEqual([{ a: 1 }, { a: 1, b: 1 }]);
  });

  it('reads again on each refetch, waiting for a command position (read your write)', () => {
    const h = harness();
    h.answer(0, { a: 1 });
    h.refetch.next(12);
    h.refetch.next();
    expect(h.asked()).toEqual([undefined, 12, 12]);
  });

  it('ignores a stale answer overtaken by a newer read', () => {
    const h = harness();
    h.refetch.next(3);
    h.answer(1, { a: 3 });
    h.answer(0, { a: 0 });
    expect(h.states).toEqual([{ a: 3 }]);
  });

  it('reads again after an answer when pushes arrived while it was on its way', () => {
    const h = harness();
    h.push(4, 'a', 2);
    expect(h.asked()).toEqual([undefined]);
    h.answer(0, { a: 1 });
    expect(h.asked()).toEqual([undefined, 4]);
    expect(h.states).toEqual([{ a: 1 }]);
  });

  it('drops a push the read on its way already waits for', () => {
    const h = harness();
    h.answer(0, { a: 1 });
    h.refetch.next(9);
    h.push(8, 'a', 5);
    h.answer(1, { a: 5 });
    expect(h.asked()).toEqual([undefined, 9]);
  });

  it('folds pushes heard during a read onto its answer when asked to', () => {
    const h = harness({ whileReading: 'apply' });
    h.push(4, 'a', 2);
    h.answer(0, { a: 1 });
    expect(h.states).toEqual([{ a: 2 }]);
    expect(h.asked()).toEqual([undefined]);
  });

  it('fails when the first read fails, and keeps the last answer after a later failure', () => {
    const first = harness();
    first.reads[0]!.answer.error(new Error('down'));
    expect(first.errors).toEqual([new Error('down')]);

    const later = harness();
    later.answer(0, { a: 1 });
    later.refetch.next();
    later.reads[1]!.answer.error(new Error('down'));
    later.push(2, 'a', 4);
    expect(later.errors).toEqual([]);
    expect(later.states).toEqual([{ a: 1 }, { a: 4 }]);
  });

  it('hears rooms named by what it holds', () => {
    const rooms: string[][] = [];
    const h = harness({
      pushes: (held$) => {
        held$.subscribe((held) => rooms.push(Object.keys(held)));
        return new Subject<Push>();
      },
    });
    h.answer(0, { a: 1, b: 2 });
    expect(rooms).toEqual([['a', 'b']]);
  });

  it('stops listening when unsubscribed', () => {
    const h = harness();
    h.answer(0, { a: 1 });
    h.subscription.unsubscribe();
    expect(h.pushes.observed).toBe(false);
    expect(h.refetch.observed).toBe(false);
  });
});
