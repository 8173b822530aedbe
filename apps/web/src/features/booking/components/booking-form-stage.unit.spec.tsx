import { fireEvent, render, screen } from '@testing-library/react';
import { BookingFormStage } from './booking-form-stage';

function renderStage() {
  const onNext = jest.fn();
  render(
    <BookingFormStage family={[]} initial={{ kind: 'self' }} initialReason="" onNext={onNext} />,
  );
  fireEvent.click(screen.getByRole('radio', { name: 'Someone else in my family' }));
  const fill = (first: string, last: string) => {
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: first } });
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: last } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  };
  return { onNext, fill };
}

describe('BookingFormStage: a new family member', () => {
  it('holds the names to the one name rule: letters, not spaces, make the minimum', () => {
    const { onNext, fill } = renderStage();
    fill('A   ', 'Mary--Jane');
    expect(screen.getByText('Invalid character length')).toBeTruthy();
    expect(screen.getByText('Invalid')).toBeTruthy();
    expect(screen.getByTestId('form-errors').textContent).toBe(
      '2 fields need attention. First name: Invalid character length. Last name: Invalid.',
    );
    fill('', 'L');
    expect(screen.getByText('Required')).toBeTruthy();
    expect(screen.getByText('Invalid character length')).toBeTruthy();
    expect(onNext).not.toHaveBeenCalled();
  });

  it('takes names of any script typed decomposed and sends them composed and trimmed', () => {
    const { onNext, fill } = renderStage();
    fill(' Zoe\u0308 ', "O'Brien 李");
    expect(onNext).toHaveBeenCalledWith(
      { kind: 'new-member', first_name: 'Zoë', last_name: "O'Brien 李", relationship: 'Child' },
      '',
    );
  });
});
