import type { DayView, TimeSlotView } from '@medbook/contracts';
import { Box, Button, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { slotTime } from '../slot-time';
import { useTranslation } from '../../../shared/i18n';
import { DATE_FORMATS, formatDate } from '../../../shared/i18n/dates';

interface Props {
  readonly day: DayView;
  readonly zone: string;
  readonly shown: number;
  readonly onSelect: (slot: TimeSlotView) => void;
}

/** One day of the week: its heading and its first `shown` slots ('-' for none or a full one). */
export function DayColumn({ day, zone, shown, onSelect }: Props) {
  const date = DateTime.fromISO(day.day);
  const { t } = useTranslation();
  const label = formatDate(date, 'cccc, LLLL d', DATE_FORMATS.weekdayMonthDay);
  return (
    <Box role="group" aria-label={label} sx={{ minWidth: 0, textAlign: 'center' }}>
      <Typography variant="subtitle2" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
        {formatDate(date, 'ccc', { weekday: 'short' })}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
        {formatDate(date, 'LLL d', { month: 'short', day: 'numeric' })}
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
              aria-label={t('calendar.book', {
                day: label,
                time: slotTime(slot.start_date, zone),
                count: slot.booking_capacity,
              })}
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
  const { t } = useTranslation();
  return (
    <Box
      aria-label={t('calendar.noSlot')}
      sx={{ py: 0.5, borderRadius: 1, bgcolor: 'action.hover', color: 'text.disabled' }}
    >
      -
    </Box>
  );
}
