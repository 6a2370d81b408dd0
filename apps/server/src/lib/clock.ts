/** Every rule and service reads time through a clock so tests can move it instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The real time shifted by an offset that tests (and only tests) can move forward. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  constructor(private readonly base: Clock = systemClock) {}
  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  set(at: Date): void {
    this.offsetMs = at.getTime() - this.base.now().getTime();
  }
}
