import type { DayView, TimeSlotView } from '@medbook/contracts';
import { Box, Button, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { slotTime } from '../slot-time';

interface Props {
  readonly day: DayView;
  readonly zone: string;
  readonly shown: number;
  readonly onSelect: (slot: TimeSlotView) => void;
}

/** One day of the week: its heading and its first `shown` slots ('-' for none or a full one). */
export function DayColumn({ day, zone, shown, onSelect }: Props) {
  const date = DateTime.fromISO(day.day);
  const label = date.toFormat('cccc, LLLL d');
  return (
    <Box role="group" aria-label={label} sx={{ minWidth: 0, textAlign: 'center' }}>
      <Typography variant="subtitle2" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
        {date.toFormat('ccc')}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
        {date.toFormat('LLL d')}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
        {day.time_slots.length === 0 && <EmptySlot />}
        {day.time_slots.slice(0, shown).map((slot) =>
          slot.booking_capacity > 0 ? (
            <Button
              key={slot.id}
              variant="contained"
              disableElevation
              size="small"
              onClick={() => onSelect(slot)}
              aria-label={`Book ${label} at ${slotTime(slot.start_date, zone)}, ${slot.booking_capacity} ${slot.booking_capacity === 1 ? 'place' : 'places'} left`}
              data-testid="slot"
              data-start={slot.start_date}
              data-places={slot.booking_capacity}
              sx={{
                px: 0,
                minWidth: 0,
                fontWeight: 600,
                textTransform: 'none',
                whiteSpace: 'nowrap',
                fontSize: { xs: 12, sm: 13.5 },
              }}
            >
              {slotTime(slot.start_date, zone)}
            </Button>
          ) : (
            <EmptySlot key={slot.id} />
          ),
        )}
      </Box>
    </Box>
  );
}

function EmptySlot() {
  return (
    <Box
      aria-label="No slot"
      sx={{ py: 0.5, borderRadius: 1, bgcolor: 'action.hover', color: 'text.disabled' }}
    >
      -
    </Box>
  );
}
