import { setLanguage } from '../../../shared/i18n';
import { duration, percent, weekLabel } from './analytics-format';

describe("the analytics' numbers", () => {
  it('write rates, durations and weeks as the page always has in English', () => {
    expect(percent(0.085)).toBe('8.5 %');
    expect(percent(0.125)).toBe('13 %');
    expect(percent(0.5)).toBe('50 %');
    expect(percent(null)).toBe('–');
    expect(duration(36.25)).toBe('36.3 h');
    expect(duration(72)).toBe('3 d');
    expect(duration(null)).toBe('–');
    expect(weekLabel('2026-04-06')).toBe('Apr 6');
    expect(weekLabel('2026-09-07')).toBe('Sep 7');
  });

  it('write them with Spanish digits and months when Spanish is chosen', async () => {
    await setLanguage('es');
    try {
      expect(percent(0.085)).toBe('8,5 %');
      expect(percent(0.125)).toBe('13 %');
      expect(percent(0.5)).toBe('50 %');
      expect(duration(36.25)).toBe('36,3 h');
      expect(duration(60)).toBe('2,5 d');
      expect(weekLabel('2026-04-06')).toBe('6 abr');
    } finally {
      await setLanguage('en');
      localStorage.clear();
    }
  });
});
