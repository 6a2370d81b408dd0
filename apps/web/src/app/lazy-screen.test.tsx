import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, useRoutes } from 'react-router';
import { lazyScreen } from './lazy-screen';
import { RouteErrorBoundary } from './route-error';

const Hello = () => <h1>Hello screen</h1>;

describe('lazyScreen', () => {
  it('shows the loader while the chunk downloads, then the screen', async () => {
    let resolve: (m: { Hello: typeof Hello }) => void = () => undefined;
    const s = lazyScreen(
      () => new Promise<{ Hello: typeof Hello }>((r) => (resolve = r)),
      (m) => m.Hello,
    );
    render(s.element);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    resolve({ Hello });
    expect(await screen.findByRole('heading', { name: 'Hello screen' })).toBeTruthy();
  });

  it('renders a preloaded screen in the first commit, with no loader in between', async () => {
    const load = vi.fn(async () => ({ Hello }));
    const s = lazyScreen(load, (m) => m.Hello);
    s.preload();
    s.preload();
    await new Promise((r) => setTimeout(r, 0));
    render(s.element);
    // getBy, not findBy: it is there synchronously.
    expect(screen.getByRole('heading', { name: 'Hello screen' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands a failed download to the error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ Hello: typeof Hello }>>()
      .mockRejectedValue(new Error('chunk failed'));
    const s = lazyScreen(load, (m) => m.Hello);
    render(
      <MemoryRouter>
        <RouteErrorBoundary>{s.element}</RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    expect(screen.getByText('chunk failed')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves the previous screen at once when the next one is still downloading', async () => {
    const First = () => (
      <>
        <h1>First screen</h1>
        <Link to="/second">Next</Link>
      </>
    );
    const Second = () => <h1>Second screen</h1>;
    let resolve: (m: { Second: typeof Second }) => void = () => undefined;
    const first = lazyScreen(
      async () => ({ First }),
      (m) => m.First,
    );
    const second = lazyScreen(
      () => new Promise<{ Second: typeof Second }>((r) => (resolve = r)),
      (m) => m.Second,
    );
    const Routes = () =>
      useRoutes([
        { path: '/', element: first.element },
        { path: '/second', element: second.element },
      ]);
    render(
      <MemoryRouter>
        <Routes />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('link', { name: 'Next' }));
    // Not the first screen under the second's URL: the loader, until the chunk is here.
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'First screen' })).toBeNull();
    await act(async () => resolve({ Second }));
    expect(await screen.findByRole('heading', { name: 'Second screen' })).toBeTruthy();
  });
});
