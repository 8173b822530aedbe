import {
  type AppointmentView,
  REJECT_REASON_MAX_LENGTH,
  REQUEST_MESSAGES,
} from '@medbook/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { setLanguage } from '../../shared/i18n';
import { RejectDialog } from './components/reject-dialog';
import { outcomeSummary, reasonError } from './request-decisions';

const listed = [
  { appointment_id: 'a1', patient_name: 'Ann Lee' },
  { appointment_id: 'a2', patient_name: 'Ben Ortiz' },
] as AppointmentView[];

describe('request decisions', () => {
  it('asks for a reason to reject, trimmed, and not too long', () => {
    expect(reasonError('')).toBe(REQUEST_MESSAGES.reasonRequired);
    expect(reasonError('   ')).toBe(REQUEST_MESSAGES.reasonRequired);
    expect(reasonError('x'.repeat(REJECT_REASON_MAX_LENGTH + 1))).toBe(
      REQUEST_MESSAGES.reasonTooLong,
    );
    expect(reasonError(` ${'x'.repeat(REJECT_REASON_MAX_LENGTH)} `)).toBeNull();
  });

  it('sums up a batch: the decided ones in a line, each failure with its patient and why', () => {
    const summary = outcomeSummary(
      'Accepted',
      [
        {
          appointment_id: 'a1',
          ok: true,
          status: 'Accepted',
          status_code: 200,
          message: null,
          position: 5,
        },
        {
          appointment_id: 'a2',
          ok: false,
          status: null,
          status_code: 409,
          message: 'This request is no longer pending: it is Rejected.',
          position: 0,
        },
      ],
      listed,
    );
    expect(summary.done).toBe('1 request accepted.');
    expect(summary.failures).toEqual([
      {
        appointmentId: 'a2',
        text: "Could not accept Ben Ortiz's request: This request is no longer pending: it is Rejected.",
      },
    ]);
    expect(outcomeSummary('Rejected', [], listed).done).toBeNull();
  });
});

describe('RejectDialog', () => {
  it('refuses an empty reason and sends the trimmed one', () => {
    const onConfirm = jest.fn();
    render(
      <RejectDialog
        who="Ann Lee"
        count={1}
        busy={false}
        onConfirm={onConfirm}
        onClose={jest.fn()}
      />,
    );
    expect(screen.getByRole('dialog', { name: "Reject Ann Lee's request?" })).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-reject'));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText(REQUEST_MESSAGES.reasonRequired)).toBeTruthy();
    fireEvent.change(screen.getByTestId('reject-reason'), {
      target: { value: '  The doctor is away.  ' },
    });
    fireEvent.click(screen.getByTestId('confirm-reject'));
    expect(onConfirm).toHaveBeenCalledWith('The doctor is away.');
  });
});

describe('request decisions in Spanish', () => {
  beforeAll(() => setLanguage('es'));
  afterAll(async () => {
    await setLanguage('en');
    localStorage.clear();
  });

  it('sums up a batch in Spanish, the API reason as sent', () => {
    const decided = (appointment_id: string) => ({
      appointment_id,
      ok: true,
      status: 'Rejected' as const,
      status_code: 200,
      message: null,
      position: 5,
    });
    const summary = outcomeSummary(
      'Rejected',
      [
        decided('a1'),
        decided('a3'),
        { ...decided('a2'), ok: false, status: null, status_code: 409, message: null },
        { ...decided('a9'), ok: false, status: null, status_code: 404, message: 'Not found.' },
      ],
      listed,
    );
    expect(summary.done).toBe('2 solicitudes rechazadas.');
    expect(summary.failures.map((f) => f.text)).toEqual([
      'No se pudo rechazar la solicitud de Ben Ortiz: no se pudo completar.',
      'No se pudo rechazar la solicitud de un paciente: Not found.',
    ]);
    expect(outcomeSummary('Accepted', [decided('a1')], listed).done).toBe('1 solicitud aceptada.');
  });
});
