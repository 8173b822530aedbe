import { KIOSK_MESSAGES } from '@medbook/contracts';
import { EMPTY_LOOKUP, kioskQuery } from './kiosk-lookup';

describe('the kiosk lookup', () => {
  it('asks by code as printed, forgiving case, spaces and dashes', () => {
    expect(kioskQuery({ ...EMPTY_LOOKUP, mode: 'code', code: 'ab12-cd 34' })).toEqual({
      query: 'code=AB12CD34',
    });
    for (const code of ['', 'AB12CD3', 'AB12CD345', 'GHIJKLMN']) {
      expect(kioskQuery({ ...EMPTY_LOOKUP, mode: 'code', code })).toEqual({
        problem: KIOSK_MESSAGES.lookup,
      });
    }
  });

  it('asks by last name and date of birth, both needed', () => {
    expect(
      kioskQuery({ ...EMPTY_LOOKUP, lastName: ' Van Dyke ', birthDate: '1950-02-03' }),
    ).toEqual({ query: 'last_name=Van+Dyke&birth_date=1950-02-03' });
    expect(kioskQuery({ ...EMPTY_LOOKUP, lastName: 'Smith' })).toEqual({
      problem: KIOSK_MESSAGES.lookup,
    });
    expect(kioskQuery({ ...EMPTY_LOOKUP, lastName: '  ', birthDate: '1950-02-03' })).toEqual({
      problem: KIOSK_MESSAGES.lookup,
    });
  });
});
