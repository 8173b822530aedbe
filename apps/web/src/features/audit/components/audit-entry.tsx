import type { AuditEntryView } from '@medbook/contracts';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { translateText, useTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../shared/i18n/dates';

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(shown).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
    return DateTime.fromISO(value).toFormat('ccc, LLL d, h:mm a ZZZZ');
  }
  return typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : `${value as string}`;
};

/**
 * One line of the trail: when, who (role, on behalf of), what, the changed fields before → after,
 * and from where. `onPatient` filters by the line's patient when given.
 */
export function AuditEntry(props: {
  entry: AuditEntryView;
  onPatient?: (patientId: string) => void;
  withAddress?: boolean;
}) {
  const { entry } = props;
  const { t } = useTranslation();
  const at = DateTime.fromISO(entry.at);
  const who = entry.actor.name ?? (entry.actor.role === 'System' ? 'Medbook' : t('audit.someone'));
  return (
    <Box
      component="li"
      data-testid="audit-entry"
      data-kind={entry.kind}
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.5, sm: 2 }}
        sx={{ alignItems: { sm: 'baseline' } }}
      >
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ minWidth: { sm: 170 }, flexShrink: 0 }}
          title={entry.at}
        >
          {formatDate(at, 'LLL d, yyyy · h:mm:ss a', {
            month: 'short',
            day: 'numeric',
            year: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
            second: '2-digit',
          })}
        </Typography>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {who}
            <Typography component="span" variant="body2" color="text.secondary">
              {entry.actor.role ? ` · ${translateText(entry.actor.role)}` : ''}
              {entry.actor.on_behalf_of
                ? t('audit.onBehalfOf', { name: entry.actor.on_behalf_of })
                : ''}
            </Typography>
          </Typography>
          <Typography data-testid="audit-summary">{entry.summary}</Typography>
          {entry.changes.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={t('audit.changedFields')}>
              {entry.changes.map((change) => (
                <Typography component="li" variant="body2" key={change.field}>
                  {change.field.replaceAll('_', ' ')}: {shown(change.before)} →{' '}
                  {shown(change.after)}
                </Typography>
              ))}
            </Box>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap', gap: 0.5 }}>
            {entry.patient_id && props.onPatient && (
              <Chip
                size="small"
                variant="outlined"
                label={t('audit.patientChip', { name: entry.patient_name ?? t('audit.unknown') })}
                onClick={() => props.onPatient?.(entry.patient_id!)}
                aria-label={t('audit.patientChipLabel', {
                  name: entry.patient_name ?? t('audit.unknown'),
                })}
              />
            )}
            {props.withAddress !== false && (entry.ip || entry.user_agent) && (
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ overflowWrap: 'anywhere' }}
              >
                {t('audit.fromAddress', { address: entry.ip ?? t('audit.unknownAddress') })}
                {entry.user_agent ? ` · ${entry.user_agent.slice(0, 80)}` : ''}
              </Typography>
            )}
          </Stack>
        </Box>
      </Stack>
    </Box>
  );
}
