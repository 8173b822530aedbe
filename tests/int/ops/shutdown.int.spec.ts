import { createPractice, createCalendar } from '../../support/scheduling';
import { startTestApp } from '../../support/test-app';

/**
 * A process being replaced goes in bounded time: requests in flight get a few seconds to finish,
 * then their connections are cut (create-app's preClose hook), and each of the app's own
 * shutdown steps is bounded (shutdown-step.ts).
 */
it('cuts a request still in flight a few seconds into shutdown instead of waiting for it', async () => {
  // A read waiting for a log position no one will reach: it would hold on for a minute.
  const app = await startTestApp({ config: { readWaitMs: 60_000 } });
  try {
    const practice = await createPractice(app);
    const { calendarId } = await createCalendar(app, practice);
    const waiting = app.api
      .as(practice.admin)
      .get(`/api/v1/calendars/${calendarId}?min_position=${Number.MAX_SAFE_INTEGER}`)
      .then(
        (response) => `answered ${response.status}`,
        () => 'cut',
      );
    // In flight: the server holds it (a stray answer would settle it first).
    const early = await Promise.race([
      waiting,
      new Promise((resolve) => setTimeout(() => resolve('in flight'), 500)),
    ]);
    expect(early).toBe('in flight');
    const closing = app.app.close();
    expect(await waiting).toBe('cut');
    await closing;
  } finally {
    await app.database.drop();
  }
}, 40_000);
