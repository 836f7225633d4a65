/**
 * Time comes from an injected clock so scheme calendars, expiries and sandbox time travel are testable.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to: for tests and sandbox time travel. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = new Date()) {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/** A clock that follows real time from an offset, so a test can jump forward while time still flows. */
export class OffsetClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

/**
 * A sandbox organisation's test clock (decision 0079): its own time, set by the server from the
 * organisation's row, beside the process's real clock. What an outbox sends (a payer notice) is
 * due on real time, so it still goes out while the organisation's time is far ahead or frozen.
 */
export class OrganisationClock extends ManualClock {
  constructor(
    readonly real: Clock,
    start: Date | string,
  ) {
    super(start);
  }
}

/** Real time: the process's clock behind an organisation's test clock, else the clock itself. */
export const realNow = (clock: Clock): Date => (clock instanceof OrganisationClock ? clock.real : clock).now();
