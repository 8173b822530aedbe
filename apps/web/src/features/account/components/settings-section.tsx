import { Card, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * One card of the Settings page: a section named by its heading (`titleId`), with a line that
 * says what it is for when there is one.
 */
export function SettingsSection(props: {
  readonly titleId: string;
  readonly title: string;
  readonly intro?: string;
  readonly testId?: string;
  readonly children: ReactNode;
}) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={props.titleId}
      sx={{ p: 2 }}
      data-testid={props.testId}
    >
      <Typography
        id={props.titleId}
        component="h2"
        variant="h6"
        sx={props.intro ? undefined : { mb: 2 }}
      >
        {props.title}
      </Typography>
      {props.intro && (
        <Typography color="text.secondary" variant="body2" sx={{ mb: 1.5 }}>
          {props.intro}
        </Typography>
      )}
      {props.children}
    </Card>
  );
}
