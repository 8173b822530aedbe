import type { Decider } from './decider';
import { DeciderSpecification } from './decider-specification';
import { ConflictError, InvalidError } from './domain-error';

type Added = { type: 'Added'; data: { n: number } };
const sum: Decider<{ n: number }, Added, number> = {
  initialState: () => 0,
  evolve: (total, e) => total + e.data.n,
  decide: ({ n }, total) => {
    if (n < 0) throw new InvalidError('Negative');
    if (total + n > 10) throw new ConflictError('Over ten');
    return n === 0 ? [] : [{ type: 'Added', data: { n } }];
  },
};
const given = DeciderSpecification.for(sum);
const added = (n: number): Added => ({ type: 'Added', data: { n } });

it('passes when the decided events, nothing or the refusal are as said', () => {
  given([added(4)])
    .when({ n: 3 })
    .then([added(3)]);
  given([added(4)])
    .when({ n: 0 })
    .thenNothing();
  given([added(9)])
    .when({ n: 2 })
    .thenThrows(ConflictError, 'Over ten');
  given().when({ n: -1 }).thenThrows(InvalidError, /Neg/);
});

it('fails when they are not', () => {
  expect(() =>
    given()
      .when({ n: 3 })
      .then([added(4)]),
  ).toThrow();
  expect(() => given().when({ n: 3 }).thenNothing()).toThrow();
  expect(() =>
    given([added(9)])
      .when({ n: 2 })
      .thenThrows(InvalidError),
  ).toThrow();
  expect(() =>
    given([added(9)])
      .when({ n: 2 })
      .thenThrows(ConflictError, 'Other'),
  ).toThrow();
  expect(() => given().when({ n: 1 }).thenThrows(ConflictError)).toThrow();
});
