import { commandEventId, entityIdFor, eventIdFor, newId } from './event-ids';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const V8 = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const timeOf = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

describe('event and entity ids', () => {
  it('makes time-ordered version 7 ids without a command id', () => {
    const before = Date.now();
    const ids = Array.from({ length: 200 }, () => newId());
    for (const id of ids) expect(id).toMatch(V7);
    expect(timeOf(ids[0]!)).toBeGreaterThanOrEqual(before);
    expect(timeOf(ids[0]!)).toBeLessThanOrEqual(Date.now());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(entityIdFor(null)).toMatch(V7);
    expect(commandEventId(null, 'appointment-x', 0)).toMatch(V7);
  });

  it('derives the same ids from a version 4 command id as before (ids already stored)', () => {
    const commandId = '6f1c2a57-3b7e-4c1a-9d2e-0a1b2c3d4e5f';
    expect(entityIdFor(commandId)).toBe('234647b3-565b-5b3d-a08d-29e8ab408e95');
    expect(commandEventId(commandId, 'appointment-x', 0)).toBe(
      '81320808-a92e-5def-aeb8-519749476f95',
    );
  });

  it('derives from a version 7 command id the same ids each time, at the command id time', () => {
    const commandId = newId();
    const entity = entityIdFor(commandId);
    const event = commandEventId(commandId, `appointment-${entity}`, 0);
    expect(entity).toMatch(V8);
    expect(event).toMatch(V8);
    expect(entityIdFor(commandId)).toBe(entity);
    expect(commandEventId(commandId, `appointment-${entity}`, 0)).toBe(event);
    expect(commandEventId(commandId, `appointment-${entity}`, 1)).not.toBe(event);
    expect(entity.slice(0, 13)).toBe(commandId.slice(0, 13));
    expect(event.slice(0, 13)).toBe(commandId.slice(0, 13));
    expect(entityIdFor(newId())).not.toBe(entity);
  });

  it('keeps seeded ids that are not command ids as they were', () => {
    expect(eventIdFor('bench-practice-0', -1)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5/);
    expect(eventIdFor('bench-practice-0', -1)).toBe(eventIdFor('bench-practice-0', -1));
  });
});
