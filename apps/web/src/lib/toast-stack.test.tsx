import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useRef } from 'react';
import { MemoryRouter } from 'react-router';
import { TOAST_HIDE_MS, ToastStack, useToastStack, type ToastView } from './toast-stack';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const view = (text: string): ToastView => ({ severity: 'info', text, link: null });

/** A stack fed by clicks; `keep` and `shown` as the mission, message and Bazaar stacks set them. */
function Harness({ keep, shown }: { keep?: number; shown?: number }) {
  const { toasts, push, dismiss } = useToastStack<string>(keep);
  const pushed = useRef(0);
  return (
    <>
      <button type="button" onClick={() => push(`News ${++pushed.current}`)}>
        Push
      </button>
      <ToastStack
        label="News"
        place={{ top: 16, bottom: 'auto', left: 'auto', right: 16 }}
        shown={shown}
        toasts={toasts}
        view={view}
        onDismiss={dismiss}
      />
    </>
  );
}

function setup(props: { keep?: number; shown?: number }) {
  render(
    <MemoryRouter>
      <Harness {...props} />
    </MemoryRouter>,
  );
  const pushButton = screen.getByRole('button', { name: 'Push' });
  const log = screen.getByRole('log', { name: 'News' });
  const texts = () => Array.from(log.children, (toast) => toast.textContent);
  return { push: () => fireEvent.click(pushButton), log, texts };
}

describe('toast stack', () => {
  it('hides a toast after 8 s, but not while the pointer or the focus is on it', () => {
    const { push, log, texts } = setup({});
    push();
    act(() => vi.advanceTimersByTime(TOAST_HIDE_MS - 1));
    expect(texts()).toEqual(['News 1']);
    act(() => vi.advanceTimersByTime(1));
    expect(texts()).toEqual([]);

    push();
    const toast = log.firstElementChild!;
    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(3 * TOAST_HIDE_MS));
    expect(texts()).toEqual(['News 2']);
    fireEvent.mouseLeave(toast);
    // Focus on its Dismiss button holds it the same way, and its full time starts again after.
    act(() => within(log).getByRole('button', { name: 'Dismiss' }).focus());
    act(() => vi.advanceTimersByTime(3 * TOAST_HIDE_MS));
    expect(texts()).toEqual(['News 2']);
    act(() => within(log).getByRole('button', { name: 'Dismiss' }).blur());
    act(() => vi.advanceTimersByTime(TOAST_HIDE_MS - 1));
    expect(texts()).toEqual(['News 2']);
    act(() => vi.advanceTimersByTime(1));
    expect(texts()).toEqual([]);
  });

  it('lets later toasts wait their turn when none may give way', () => {
    const { push, log, texts } = setup({ shown: 3 });
    for (let n = 0; n < 4; n++) push();
    expect(texts()).toEqual(['News 1', 'News 2', 'News 3']);
    fireEvent.click(within(log).getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(texts()).toEqual(['News 2', 'News 3', 'News 4']);
  });

  it('drops the oldest toasts beyond those it keeps', () => {
    const { push, log, texts } = setup({ keep: 2 });
    for (let n = 0; n < 3; n++) push();
    expect(texts()).toEqual(['News 2', 'News 3']);
    fireEvent.click(within(log).getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(texts()).toEqual(['News 3']);
  });
});
