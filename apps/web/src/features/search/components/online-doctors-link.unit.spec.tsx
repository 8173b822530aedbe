import type { OnlineProvidersView } from '@medbook/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { OnlineDoctorsLink } from './online-doctors-link';

/** The HTTP edge answers as the API would; nothing of ours is replaced. */
function apiAnswers(data: OnlineProvidersView) {
  const body = { status_code: 200, message: 'OK', data };
  globalThis.fetch = () =>
    Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(body) } as Response);
}

const doctor = (id: string) => ({
  id,
  name: { first_name: 'Ann', last_name: 'Lee', full_name: 'Ann Lee' },
  profile_picture_uri: null,
  specialties: [],
});

const show = () =>
  render(
    <MemoryRouter>
      <OnlineDoctorsLink />
    </MemoryRouter>,
  );

describe('OnlineDoctorsLink', () => {
  it("says '{n} Top Doctors Online' and leads to the walk-in search", async () => {
    apiAnswers({ providers: [doctor('a'), doctor('b')], onlineCount: 2 });
    show();
    const link = await screen.findByRole('link', { name: '2 Top Doctors Online' });
    expect(link.getAttribute('href')).toContain('visit_type=Online+Now');
    expect(link.getAttribute('href')).toContain('walk_in_tele_visit_enabled=true');
  });

  it("says 'Top Doctor' for one", async () => {
    apiAnswers({ providers: [doctor('a')], onlineCount: 1 });
    show();
    expect(await screen.findByRole('link', { name: '1 Top Doctor Online' })).toBeTruthy();
  });

  it('shows nothing when nobody is online', async () => {
    apiAnswers({ providers: [], onlineCount: 0 });
    const { container } = show();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.textContent).toBe('');
  });
});
