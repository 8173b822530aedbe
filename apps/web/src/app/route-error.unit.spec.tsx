import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiError } from '../shared/api-client';
import { RouteError } from './route-error';

// jsdom has no fetch Request; a navigation builds one for its (here absent) loaders.
class RequestStub {
  readonly url: string;
  readonly method: string;
  readonly signal: AbortSignal | undefined;
  constructor(url: string | URL, init?: { method?: string; signal?: AbortSignal }) {
    this.url = String(url);
    this.method = init?.method ?? 'GET';
    this.signal = init?.signal;
  }
}
Object.assign(globalThis, { Request: globalThis.Request ?? RequestStub });

describe('RouteError', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('says the page failed, in words, and renders it again on Try again', async () => {
    let busy = true;
    function Flaky() {
      if (busy) throw new ApiError(503, 'The service is busy.', null);
      return <p>Back again</p>;
    }
    const router = createMemoryRouter([{ path: '/', Component: Flaky, ErrorBoundary: RouteError }]);
    render(<RouterProvider router={router} />);

    expect(screen.getByRole('alert').textContent).toContain('This page could not be shown');
    expect(screen.getByRole('alert').textContent).toContain('The service is busy.');
    busy = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeTruthy();
  });

  it('does not show the text of an unexpected failure', () => {
    function Broken(): never {
      throw new TypeError('x is undefined');
    }
    const router = createMemoryRouter([
      { path: '/', Component: Broken, ErrorBoundary: RouteError },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('alert').textContent).toContain(
      'System encountered an unexpected error. Please try again.',
    );
  });
});
