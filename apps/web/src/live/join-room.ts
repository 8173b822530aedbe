import { SERVICE_UNAVAILABLE_MESSAGE, type SubscribeAck } from '@medbook/contracts';

/** A join the server could not decide for now (its database away) is asked again after this. */
export const JOIN_RETRY_MS = 3_000;

/**
 * Asks the server to join a room (`ask` sends the request; its callback gets the answer). A
 * refusal for the service being briefly unavailable is asked again after JOIN_RETRY_MS while
 * `stillWanted()` (the room is still listened to, on the same connection); any other refusal is
 * final and reported to `refused`.
 */
export function joinRoom(
  ask: (answer: (ack: SubscribeAck) => void) => void,
  stillWanted: () => boolean,
  refused: (message: string) => void,
): void {
  ask((ack) => {
    if (ack.ok) return;
    refused(ack.message ?? '');
    if (ack.message !== SERVICE_UNAVAILABLE_MESSAGE) return;
    setTimeout(() => {
      if (stillWanted()) joinRoom(ask, stillWanted, refused);
    }, JOIN_RETRY_MS);
  });
}
