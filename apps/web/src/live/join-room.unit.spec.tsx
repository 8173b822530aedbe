import {
  SERVICE_UNAVAILABLE_MESSAGE,
  STATUS_MESSAGES,
  type SubscribeAck,
} from '@medbook/contracts';
import { JOIN_RETRY_MS, joinRoom } from './join-room';

/** A server whose answers to joins the test gives one by one. */
function server() {
  const pending: ((ack: SubscribeAck) => void)[] = [];
  const refusals: string[] = [];
  let wanted = true;
  return {
    asked: () => pending.length,
    answer: (ack: SubscribeAck) => pending[pending.length - 1]!(ack),
    refusals,
    stopWanting: () => (wanted = false),
    join: () =>
      joinRoom(
        (answer) => pending.push(answer),
        () => wanted,
        (message) => refusals.push(message),
      ),
  };
}

describe('joinRoom', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('asks once when the join is accepted', () => {
    const s = server();
    s.join();
    s.answer({ ok: true });
    jest.advanceTimersByTime(JOIN_RETRY_MS * 3);
    expect(s.asked()).toBe(1);
    expect(s.refusals).toEqual([]);
  });

  it('asks again after 3 s while the service is briefly unavailable, until it is accepted', () => {
    const s = server();
    s.join();
    s.answer({ ok: false, message: SERVICE_UNAVAILABLE_MESSAGE });
    jest.advanceTimersByTime(JOIN_RETRY_MS - 1);
    expect(s.asked()).toBe(1);
    jest.advanceTimersByTime(1);
    expect(s.asked()).toBe(2);
    s.answer({ ok: false, message: SERVICE_UNAVAILABLE_MESSAGE });
    jest.advanceTimersByTime(JOIN_RETRY_MS);
    expect(s.asked()).toBe(3);
    s.answer({ ok: true });
    jest.advanceTimersByTime(JOIN_RETRY_MS * 3);
    expect(s.asked()).toBe(3);
    expect(s.refusals).toEqual([SERVICE_UNAVAILABLE_MESSAGE, SERVICE_UNAVAILABLE_MESSAGE]);
  });

  it('does not ask again for a room no longer wanted', () => {
    const s = server();
    s.join();
    s.answer({ ok: false, message: SERVICE_UNAVAILABLE_MESSAGE });
    s.stopWanting();
    jest.advanceTimersByTime(JOIN_RETRY_MS * 3);
    expect(s.asked()).toBe(1);
  });

  it('takes any other refusal as final', () => {
    const s = server();
    s.join();
    s.answer({ ok: false, message: STATUS_MESSAGES[403] });
    jest.advanceTimersByTime(JOIN_RETRY_MS * 3);
    expect(s.asked()).toBe(1);
    expect(s.refusals).toEqual([STATUS_MESSAGES[403]]);
  });
});
