import { fireEvent, render, screen } from '@testing-library/react';
import { BookedPopup } from './booked-popup';

describe('BookedPopup and digital check-in (issue 20)', () => {
  const popup = (onDigitalCheckIn?: () => void) =>
    render(
      <BookedPopup
        kind="scheduled"
        memberName={null}
        onManage={() => undefined}
        onFindOthers={() => undefined}
        onCheckIn={() => undefined}
        onDigitalCheckIn={onDigitalCheckIn}
      />,
    );

  it('offers digital check-in when the provider has it on', () => {
    let started = 0;
    popup(() => (started += 1));
    fireEvent.click(screen.getByRole('button', { name: 'Start digital check-in' }));
    expect(started).toBe(1);
  });

  it('offers nothing more when it is off', () => {
    popup();
    expect(screen.queryByRole('button', { name: 'Start digital check-in' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Manage appointment' })).toBeTruthy();
  });
});
