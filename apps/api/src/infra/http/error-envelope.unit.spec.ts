import { STATUS_MESSAGES } from '@medbook/contracts';
import { BadRequestException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import pino from 'pino';
import { ConflictError } from '../../domain/domain-error';
import { toErrorEnvelope } from './error-envelope';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'error' },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

it('turns an unexpected error into a 500 with the spec text and a logged id, never a stack', () => {
  const { logger, lines } = capturingLogger();
  const envelope = toErrorEnvelope(new Error('secret detail at db.ts:12'), logger, 'req-1');
  expect(envelope.status_code).toBe(500);
  expect(envelope.message).toBe(STATUS_MESSAGES[500]);
  const errorId = (envelope.data as { error_id: string }).error_id;
  expect(errorId).toMatch(/^[0-9a-f-]{36}$/);
  expect(JSON.stringify(envelope)).not.toContain('secret detail');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toEqual(expect.objectContaining({ error_id: errorId, req_id: 'req-1' }));
});

it('keeps a domain error its status and message', () => {
  const { logger } = capturingLogger();
  expect(toErrorEnvelope(new ConflictError('Taken.', { slot: 1 }), logger, 'r')).toEqual({
    status_code: 409,
    message: 'Taken.',
    data: { slot: 1 },
  });
});

it('gives client errors the spec text, and calls an oversize body a request not understood', () => {
  const { logger } = capturingLogger();
  expect(toErrorEnvelope(new NotFoundException(), logger, 'r').message).toBe(STATUS_MESSAGES[404]);
  expect(toErrorEnvelope(new PayloadTooLargeException(), logger, 'r')).toEqual(
    expect.objectContaining({ status_code: 400, message: STATUS_MESSAGES[400] }),
  );
  const invalid = toErrorEnvelope(new BadRequestException(['name must be longer']), logger, 'r');
  expect(invalid).toEqual({
    status_code: 400,
    message: STATUS_MESSAGES[400],
    data: { errors: ['name must be longer'] },
  });
});
