import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { setLanguage } from '../../shared/i18n';
import { PrivacyPolicyPage, TermsOfUsePage } from './components/legal-page';

const show = (page: React.ReactNode, path: string) =>
  render(<MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>);

describe('Legal pages', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
    localStorage.clear();
  });

  it('shows the Terms of Use in English, every section in order', () => {
    show(<TermsOfUsePage />, '/terms-of-use');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeTruthy();
    expect(screen.getByText('Last updated November 1, 2026')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Access and use',
      'Not for emergencies',
      'SMS communications',
      'Appointments and cancellations',
      'Termination',
      'Governing law',
    ]);
    expect(screen.getByText(/call 911 or go to the nearest emergency room/)).toBeTruthy();
  });

  it('shows the Privacy Policy in Spanish once Spanish is chosen', async () => {
    await act(() => setLanguage('es'));
    show(<PrivacyPolicyPage />, '/privacy-policy');
    expect(screen.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeTruthy();
    expect(screen.getByText('Última actualización: 1 de noviembre de 2026')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Sus derechos' })).toBeTruthy();
    expect(screen.getByText(/No vendemos su información personal/)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Información legal' })).toBeTruthy();
  });
});
