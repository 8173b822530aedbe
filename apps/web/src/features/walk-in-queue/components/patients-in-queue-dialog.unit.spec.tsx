import { fireEvent, render, screen } from '@testing-library/react';
import { queueActions, queuePlaceText } from '../queue-actions';
import { PatientsInQueueDialog } from './patients-in-queue-dialog';

function renderDialog(count: number) {
  const onLogout = jest.fn();
  const onStay = jest.fn();
  render(<PatientsInQueueDialog open count={count} onLogout={onLogout} onStay={onStay} />);
  return { onLogout, onStay };
}

describe('PatientsInQueueDialog (spec 2.13)', () => {
  it('says "patient" when one patient waits', () => {
    renderDialog(1);
    expect(screen.getByRole('dialog', { name: 'Patients in Queue' })).toBeTruthy();
    expect(screen.getByTestId('patients-in-queue-count').textContent).toBe(
      'You still have 1 patient in queue',
    );
    expect(screen.getByText('Are you sure you want to leave?')).toBeTruthy();
  });

  it('says "patients" for several', () => {
    renderDialog(3);
    expect(screen.getByTestId('patients-in-queue-count').textContent).toBe(
      'You still have 3 patients in queue',
    );
  });

  it('logs out on Logout, stays on Stay and on the close action', () => {
    const { onLogout, onStay } = renderDialog(2);
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onStay).toHaveBeenCalledTimes(2);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});

describe('the board and the patient card', () => {
  it('offers the moves the status table allows from each status', () => {
    expect(queueActions('Scheduled').map((a) => a.label)).toEqual([
      'Check in',
      'Waiting room',
      'Start visit',
    ]);
    expect(queueActions('Checked-In').map((a) => a.status)).toEqual([
      'Waiting-Room',
      'In Progress',
    ]);
    expect(queueActions('Waiting-Room').map((a) => a.label)).toEqual(['Start visit']);
    expect(queueActions('In Progress')).toEqual([{ label: 'Check out', status: 'Checked-Out' }]);
    expect(queueActions('Checked-Out')).toEqual([]);
  });

  it('tells the patient their place', () => {
    expect(queuePlaceText(1, 'Scheduled')).toBe('You are number 1 in line');
    expect(queuePlaceText(3, 'Waiting-Room')).toBe('You are number 3 in line');
    expect(queuePlaceText(null, 'In Progress')).toBe('Your visit is in progress');
    expect(queuePlaceText(null, 'Canceled')).toBe('You are no longer in the queue');
  });
});
