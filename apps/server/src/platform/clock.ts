/**
 * The time every business rule reads ("from tomorrow", "24 h before the start", "48 h after
 * completion"). Production reads the system clock; tests set a fixed instant to cover the days
 * around Morocco's clock changes or to jump 48 h ahead.
 */
export class Clock {
  private fixed: Date | null = null;

  now(): Date {
    return this.fixed ? new Date(this.fixed.getTime()) : new Date();
  }

  /** Tests: the frozen instant, or `null` on real time (to put the clock back after a jump). */
  frozenAt(): Date | null {
    return this.fixed ? new Date(this.fixed.getTime()) : null;
  }

  /** Tests: freeze the clock at `instant`; `null` returns to real time. */
  set(instant: Date | null): void {
    this.fixed = instant ? new Date(instant.getTime()) : null;
  }
}
