import { act, render, screen } from '@testing-library/react';
import { toast } from '../shared/toast';
import { ToastHost } from './toast-host';

describe('ToastHost', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows a success toast for 2 s and an error toast for 3 s, one after the other', () => {
    render(<ToastHost />);
    act(() => {
      toast.success('User Logged in successfully');
      toast.error('Invalid Username or password');
    });
    expect(screen.getByTestId('toast').textContent).toContain('User Logged in successfully');
    act(() => jest.advanceTimersByTime(1900));
    expect(screen.getByTestId('toast').textContent).toContain('User Logged in successfully');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByTestId('toast').textContent).toContain('Invalid Username or password');
    act(() => jest.advanceTimersByTime(2900));
    expect(screen.getByTestId('toast').textContent).toContain('Invalid Username or password');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText('Invalid Username or password')).toBeNull();
  });
});
