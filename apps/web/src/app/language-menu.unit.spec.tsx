import { act, fireEvent, render, screen } from '@testing-library/react';
import { DateTime } from 'luxon';
import { MemoryRouter } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { currentLanguage, i18n, setLanguage, translateText } from '../shared/i18n';
import { formatDate } from '../shared/i18n/dates';
import { LANGUAGE_STORAGE_KEY } from '../shared/i18n/languages';
import { resources } from '../shared/i18n/resources';
import { toast } from '../shared/toast';
import { LanguageMenu } from './language-menu';
import { ToastHost } from './toast-host';

const page = () =>
  render(
    <MemoryRouter>
      <LanguageMenu />
      <NotFoundPage />
    </MemoryRouter>,
  );

/** Every key of a bundle, as dotted paths. */
const keysOf = (node: unknown, path = ''): string[] =>
  node && typeof node === 'object'
    ? Object.entries(node).flatMap(([k, v]) => keysOf(v, path ? `${path}.${k}` : k))
    : [path];

describe('Language widget', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
    localStorage.clear();
  });

  it('starts in English with the spec texts and offers the five languages in their own names', () => {
    page();
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(
      screen.getByRole('heading', { name: "THE PAGE YOU WERE LOOKING FOR DOESN'T EXIST" }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Language: EN' }));
    const names = screen.getAllByRole('menuitemradio').map((item) => item.textContent);
    expect(names).toEqual(['EnglishEN', 'EspañolES', '中文ZH', 'Tiếng ViệtVI', '한국어KO']);
  });

  it('switches every text, the page language and dates, and keeps the choice', async () => {
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Language: EN' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitemradio', { name: /Español/ }));
      await Promise.resolve();
    });
    expect(screen.getByRole('heading', { name: 'LA PÁGINA QUE BUSCABA NO EXISTE' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Idioma: ES' })).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    const monday = DateTime.fromISO('2026-11-30T10:30', { zone: 'America/New_York' });
    expect(
      formatDate(monday, 'EEEE, MMMM d', { weekday: 'long', month: 'long', day: 'numeric' }),
    ).toBe('lunes, 30 de noviembre');
    expect(translateText('System encountered an unexpected error. Please try again.')).toBe(
      'El sistema encontró un error inesperado. Inténtelo de nuevo.',
    );
    // The API's own words stay as they are.
    expect(translateText('Email is required')).toBe('Email is required');

    await act(() => setLanguage('ko'));
    expect(
      screen.getByRole('heading', { name: '찾으시는 페이지가 존재하지 않습니다' }),
    ).toBeTruthy();
    expect(document.documentElement.lang).toBe('ko');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ko');
  });

  it("shows the web's own toasts in the chosen language and the API's words as sent", async () => {
    render(<ToastHost />);
    await act(() => setLanguage('vi'));
    act(() => toast.success('Appointment booked successfully.'));
    expect(screen.getByTestId('toast').textContent).toContain('Đặt lịch hẹn thành công.');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: /close/i }));
    });
    act(() => toast.error('This calendar does not exist.'));
    expect((await screen.findByText('This calendar does not exist.')).textContent).toBe(
      'This calendar does not exist.',
    );
  });

  it('keeps English dates in the spec patterns', () => {
    const monday = DateTime.fromISO('2026-11-30T10:30', { zone: 'America/New_York' });
    expect(formatDate(monday, "EEEE, MMMM d 'at' h:mm a", { weekday: 'long' })).toBe(
      'Monday, November 30 at 10:30 AM',
    );
  });

  it('has every English key translated into Spanish, and the shell into all five', () => {
    const english = keysOf(resources.en.translation).sort();
    expect(keysOf(resources.es.translation).sort()).toEqual(english);
    for (const lng of ['zh', 'vi', 'ko'] as const) {
      const shellKeys = keysOf((resources[lng].translation as Record<string, unknown>).shell);
      expect(shellKeys.sort()).toEqual(keysOf(resources.en.translation.shell).sort());
    }
    expect(i18n.options.fallbackLng).toEqual(['en']);
  });
});
