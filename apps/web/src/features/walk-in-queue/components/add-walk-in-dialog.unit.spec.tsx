import type { CalendarView } from '@medbook/contracts';
import { walkInCalendars } from './add-walk-in-dialog';

const calendar = (over: Partial<CalendarView>): CalendarView =>
  ({
    calendar_id: 'c',
    name: 'Dr. A',
    provider_id: 'a',
    resource_id: null,
    online_booking_disabled: false,
    ...over,
  }) as CalendarView;

describe('the calendars a walk-in can join', () => {
  it("are providers' and resources' calendars open to booking; a provider's board offers only theirs", () => {
    const all = [
      calendar({ calendar_id: '1', provider_id: 'a' }),
      calendar({ calendar_id: '2', provider_id: 'b' }),
      calendar({ calendar_id: '3', provider_id: null, resource_id: 'room' }),
      calendar({ calendar_id: '4', provider_id: 'a', online_booking_disabled: true }),
    ];
    expect(walkInCalendars(all).map((c) => c.calendar_id)).toEqual(['1', '2', '3']);
    expect(walkInCalendars(all, 'b').map((c) => c.calendar_id)).toEqual(['2']);
  });
});
