import { readFileSync } from 'node:fs';
import { CATALOGUE, eventsCatalogue } from './events-catalogue';

it('docs/events.md is the catalogue the code describes today (run npm run docs:events)', () => {
  const generated = eventsCatalogue();
  // Every event union of the API is in it, the newest ones included.
  for (const type of ['AppointmentBooked', 'MeetingStarted', 'VisitReviewed', 'AuditTrailRead']) {
    expect(generated).toContain(`**${type}**`);
  }
  expect(readFileSync(CATALOGUE, 'utf8')).toBe(generated);
}, 60_000);
