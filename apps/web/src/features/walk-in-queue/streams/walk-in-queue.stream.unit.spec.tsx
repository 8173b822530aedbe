import type { QueueIndexMessage, QueuePositionView } from '@medbook/contracts';
import { applyQueueIndex } from './walk-in-queue.stream';

const read: QueuePositionView = {
  appointment_id: 'a1',
  provider_id: 'p1',
  resource_id: null,
  status: 'Scheduled',
  queue_index: 3,
  patients_in_queue: 3,
  in_queue: true,
  position: 10,
};

const push = (overrides: Partial<QueueIndexMessage>): QueueIndexMessage => ({
  appointmentId: 'a1',
  patientId: 'u1',
  providerId: 'p1',
  resourceId: null,
  status: 'Scheduled',
  queueIndex: 2,
  patientsInQueue: 2,
  position: 12,
  ...overrides,
});

describe('a walk-in patient’s place, live', () => {
  it('takes a newer push', () => {
    expect(applyQueueIndex(read, push({}))).toEqual({
      ...read,
      queue_index: 2,
      patients_in_queue: 2,
      position: 12,
    });
  });

  it('ignores a push older than what it holds, and one about another appointment', () => {
    expect(applyQueueIndex(read, push({ position: 9 }))).toBe(read);
    expect(applyQueueIndex(read, push({ appointmentId: 'a2' }))).toBe(read);
  });

  it('leaves the line when the visit starts', () => {
    expect(applyQueueIndex(read, push({ queueIndex: null, status: 'In Progress' }))).toMatchObject({
      queue_index: null,
      in_queue: false,
      status: 'In Progress',
    });
  });
});
