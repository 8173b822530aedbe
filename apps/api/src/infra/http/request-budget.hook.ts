import { type Envelope, SERVICE_UNAVAILABLE_MESSAGE } from '@medbook/contracts';
import type { FastifyInstance } from 'fastify';
import {
  ANSWER_BY_MS,
  budgetUntil,
  databaseInTrouble,
  noteDatabaseTrouble,
  REQUEST_DEADLINE_BEYOND_ONE_WAIT_MS,
  withRequestBudget,
} from '../database/request-deadline';

const UNAVAILABLE: Envelope<null> = {
  status_code: 503,
  message: SERVICE_UNAVAILABLE_MESSAGE,
  data: null,
};

/**
 * While the database has failed lately, each request runs under a budget counted from its
 * arrival (see request-deadline.ts): its waits for a connection share one deadline, and if it
 * has not answered ANSWER_BY_MS after it arrived and has not begun to write, it is answered 503
 * then (what it still runs is dropped, and it can neither wait nor write any more). Healthy,
 * requests run as they are: no timer, no async context. Set once the body is read: its parser's
 * callbacks run outside the request's async context.
 */
export function budgetRequestsInTrouble(http: FastifyInstance, acquireMs: number): void {
  const deadlineMs = acquireMs + REQUEST_DEADLINE_BEYOND_ONE_WAIT_MS;
  http.addHook('preHandler', (request, reply, done) => {
    if (!databaseInTrouble()) return withRequestBudget(null, done);
    const arrived = performance.now() - reply.elapsedTime;
    const budget = budgetUntil(arrived + deadlineMs);
    const timer = setTimeout(
      () => {
        if (reply.sent || reply.raw.headersSent || budget.writing) return;
        budget.answered = true;
        // Still in trouble for a while: what the request still runs keeps seeing its budget
        // (answered), so it neither waits nor writes.
        noteDatabaseTrouble();
        request.log.warn({ answer_by_ms: ANSWER_BY_MS }, 'answered 503 at its time limit');
        void reply.code(503).header('retry-after', '1').send(UNAVAILABLE);
      },
      Math.max(0, arrived + ANSWER_BY_MS - performance.now()),
    );
    reply.raw.once('close', () => clearTimeout(timer));
    return withRequestBudget(budget, done);
  });
}
