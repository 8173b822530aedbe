import type { DirectoryEntryView } from '@medbook/contracts';
import { facilityCard, providerCards } from './practice-profile-rules';

const entry = (
  kind: DirectoryEntryView['kind'],
  id: string,
  name: string,
  details: Record<string, unknown>,
): DirectoryEntryView => ({
  id,
  practice_id: 'p',
  kind,
  name,
  details,
  registered_at: '2026-01-01T00:00:00Z',
});

describe('practice profile', () => {
  const clinic = facilityCard(
    entry('facility', 'f1', 'Hudson Clinic', {
      address: { address1: '1 Main St', city: 'New York', state: 'NY', zip_code: '10001' },
    }),
  );

  it('writes a facility’s address in one line', () => {
    expect(clinic).toEqual({
      id: 'f1',
      name: 'Hudson Clinic',
      address: '1 Main St, New York, NY 10001',
    });
  });

  it('lists the public providers by name with their specialties, facilities and initials', () => {
    const cards = providerCards(
      [
        entry('provider', 'b', 'Zoe Park', {
          specialties: ['Cardiology'],
          facility_ids: ['f1', 'gone'],
        }),
        entry('provider', 'a', 'ann lee', { specialties: ['Primary Care'], facility_ids: [] }),
        entry('provider', 'h', 'Hidden Doc', { hide_public_profile: true, specialties: [] }),
      ],
      [clinic],
    );
    expect(cards).toEqual([
      { id: 'a', name: 'ann lee', specialties: ['Primary Care'], facilities: [], initials: 'AL' },
      {
        id: 'b',
        name: 'Zoe Park',
        specialties: ['Cardiology'],
        facilities: ['Hudson Clinic'],
        initials: 'ZP',
      },
    ]);
  });
});
