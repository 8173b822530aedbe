import CheckCircle from '@mui/icons-material/CheckCircle';
import { Chip, Paper, Stack, Typography } from '@mui/material';
import { type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';

/** One step of the patient's check-in: its title, a Done chip once complete, its content. */
export function Section(props: {
  title: string;
  done: boolean;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      data-testid={props.testId}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {props.title}
        </Typography>
        {props.done && (
          <Chip icon={<CheckCircle />} color="success" size="small" label={t('checkIn.done')} />
        )}
      </Stack>
      {props.children}
    </Paper>
  );
}
