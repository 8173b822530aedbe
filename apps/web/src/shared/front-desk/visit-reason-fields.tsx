import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from '../i18n';

/** A booking's `reason` holds at most this many characters. */
export const REASON_MAX = 200;
const OTHER = '';

export interface VisitReason {
  readonly title: string;
  readonly details: string;
}

/** Nothing chosen yet: the desk picks the reason, none is assumed for the patient. */
export const NO_REASON: VisitReason = { title: OTHER, details: '' };

/** The visit reason as one text: the calendar's reason title, then what the patient said. */
export const reasonText = ({ title, details }: VisitReason): string =>
  [title.trim(), details.trim()].filter(Boolean).join(' — ').slice(0, REASON_MAX);

/** One of the calendar's visit reasons (when it lists any) and the patient's own words. */
export function VisitReasonFields(props: {
  reasons: readonly string[];
  value: VisitReason;
  onChange: (value: VisitReason) => void;
  autoFocus?: boolean;
}) {
  const { reasons, value } = props;
  const { t } = useTranslation();
  return (
    <>
      {reasons.length > 0 && (
        <TextField
          select
          label={t('frontDesk.reason.visitReason')}
          value={value.title}
          onChange={(e) => props.onChange({ ...value, title: e.target.value })}
          size="small"
          autoFocus={props.autoFocus}
          slotProps={{ htmlInput: { 'data-testid': 'visit-reason' } }}
        >
          {reasons.map((reason) => (
            <MenuItem key={reason} value={reason}>
              {reason}
            </MenuItem>
          ))}
          <MenuItem value={OTHER}>{t('frontDesk.reason.other')}</MenuItem>
        </TextField>
      )}
      <TextField
        label={
          reasons.length > 0 ? t('frontDesk.reason.details') : t('frontDesk.reason.reasonOptional')
        }
        value={value.details}
        onChange={(e) => props.onChange({ ...value, details: e.target.value })}
        autoFocus={props.autoFocus && reasons.length === 0}
        size="small"
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: REASON_MAX, 'data-testid': 'visit-details' } }}
      />
    </>
  );
}
