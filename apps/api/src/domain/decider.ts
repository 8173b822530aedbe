/**
 * An aggregate as pure functions: `decide` turns a command and the current state into events
 * (or throws a DomainError), `evolve` folds an event into the state. No I/O; time comes in the
 * command.
 */
export interface Decider<Command, Event extends { type: string; data: unknown }, State> {
  readonly initialState: () => State;
  readonly decide: (command: Command, state: State) => readonly Event[];
  readonly evolve: (state: State, event: Event) => State;
}

export function fold<Event extends { type: string; data: unknown }, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}
