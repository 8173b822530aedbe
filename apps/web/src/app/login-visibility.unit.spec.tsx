import { loginVisible, logoInert } from './login-visibility';

describe('the header Login button (spec 2.11)', () => {
  it('shows for visitors on public pages', () => {
    expect(loginVisible('/', false)).toBe(true);
    expect(loginVisible('/provider-search', false)).toBe(true);
  });

  it('hides when signed in and on the pages the spec names', () => {
    expect(loginVisible('/', true)).toBe(false);
    for (const path of [
      '/practice/abc',
      '/account',
      '/screening-form',
      '/vaccine-passport',
      '/patient-review',
      '/health-cards',
      '/appointments/1/start-survey',
      '/appointment-action',
      '/uri/consent',
    ]) {
      expect(loginVisible(path, false)).toBe(false);
    }
  });

  it('makes the logo inert where the spec says so', () => {
    expect(logoInert('/practice/abc')).toBe(true);
    expect(logoInert('/health-cards')).toBe(true);
    expect(logoInert('/provider-search')).toBe(false);
  });
});
