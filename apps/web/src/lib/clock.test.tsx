import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { CLOCK_TICK_MS, clockRunning, useClock } from './clock';
import { Countdown, countdownLabel, countdownText } from './countdown';

afterEach(() => vi.useRealTimers());

function Seconds() {
  return <span>{useClock()}</span>;
}

describe('shared clock', () => {
  it('runs one interval for many readers and stops with the last', () => {
    vi.useFakeTimers();
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const clearInterval = vi.spyOn(globalThis, 'clearInterval');
    const view = render(
      <>
        {Array.from({ length: 20 }, (_, i) => (
          <Seconds key={i} />
        ))}
      </>,
    );
    expect(setInterval).toHaveBeenCalledTimes(1);
    expect(setInterval.mock.calls[0]![1]).toBe(CLOCK_TICK_MS);
    expect(clockRunning()).toBe(true);
    view.unmount();
    expect(clearInterval).toHaveBeenCalledTimes(1);
    expect(clockRunning()).toBe(false);
  });
});

describe('countdown', () => {
  it('reads the time left as a clock, and in words for screen readers', () => {
    expect(countdownText(754_000)).toBe('12:34 left');
    expect(countdownLabel(754_000)).toBe('12 minutes 34 seconds left');
    expect(countdownText(3_723_000)).toBe('1:02:03 left');
    expect(countdownLabel(3_723_000)).toBe('1 hour 2 minutes 3 seconds left');
    expect(countdownText(2 * 86_400_000 + 5_000)).toBe('2d 0:00:05 left');
    expect(countdownLabel(2 * 86_400_000 + 5_000)).toBe('2 days 5 seconds left');
    expect(countdownText(0)).toBe('Returning…');
    expect(countdownText(-5_000)).toBe('Returning…');
  });

  it('counts down every second and reads Returning… at zero', () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T12:00:00.000Z') });
    render(<Countdown eta="2030-01-01T12:00:03.000Z" />);
    const timer = screen.getByRole('timer', { name: '3 seconds left' });
    expect(timer.textContent).toBe('0:03 left');
    act(() => vi.advanceTimersByTime(1_000));
    expect(timer.textContent).toBe('0:02 left');
    expect(timer.getAttribute('aria-label')).toBe('2 seconds left');
    act(() => vi.advanceTimersByTime(2_000));
    expect(timer.textContent).toBe('Returning…');
    expect(screen.getByRole('timer', { name: 'Returning…' })).toBe(timer);
  });
});
