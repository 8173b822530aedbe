import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { NOT_FOUND_HINT, NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it("shows the spec's text and a way home", () => {
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: "THE PAGE YOU WERE LOOKING FOR DOESN'T EXIST",
      }),
    ).toBeTruthy();
    expect(screen.getByText(NOT_FOUND_HINT)).toBeTruthy();
    expect(NOT_FOUND_HINT).toMatch(/mistyped/);
    expect(NOT_FOUND_HINT).toMatch(/moved/);
    expect(screen.getByRole('link', { name: 'Go Back Home' }).getAttribute('href')).toBe('/');
  });
});
