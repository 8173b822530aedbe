import { APPOINTMENT_CODE_PATTERN, appointmentCode } from './check-in';

describe('appointmentCode', () => {
  it('keeps the first 8 hex digits of a random or name-based id (codes already given)', () => {
    expect(appointmentCode('6f1c2a57-3b7e-4c1a-9d2e-0a1b2c3d4e5f')).toBe('6F1C2A57');
    expect(appointmentCode('234647b3-565b-5b3d-a08d-29e8ab408e95')).toBe('234647B3');
  });

  it('takes the last 8 hex digits of a time-ordered id, whose first ones are its time', () => {
    const sameMinute = [
      '019ac0e1-2b3c-7d4e-8f00-112233445566',
      '019ac0e1-2b3c-7d4e-9a00-aabbccddeeff',
      '019ac0e1-2b3d-8123-b456-0123456789ab',
    ];
    expect(sameMinute.map(appointmentCode)).toEqual(['33445566', 'CCDDEEFF', '456789AB']);
    for (const id of sameMinute) expect(appointmentCode(id)).toMatch(APPOINTMENT_CODE_PATTERN);
  });
});
