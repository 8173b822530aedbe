import type { AppointmentStatus, AppointmentView } from '@medbook/contracts';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { translateText, useTranslation } from '../../../shared/i18n';
import { nextStatuses } from '../workspace-rules';

/** The changes the transition table allows from the appointment's status; none when final. */
export function StatusChangeMenu(props: {
  appointment: AppointmentView;
  busy: boolean;
  onChange: (status: AppointmentStatus) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { t } = useTranslation();
  const options = nextStatuses(props.appointment.status);
  if (options.length === 0) return null;
  const who = props.appointment.patient_name ?? t('workspace.patient');
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        endIcon={<ExpandMore />}
        disabled={props.busy}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('workspace.changeStatusOf', { who })}
        aria-haspopup="menu"
        data-testid="change-status"
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('workspace.changeStatus')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {options.map((status) => (
          <MenuItem
            key={status}
            onClick={() => {
              setAnchor(null);
              props.onChange(status);
            }}
          >
            {translateText(status)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
