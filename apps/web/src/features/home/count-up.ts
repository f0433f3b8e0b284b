import { useEffect, useState } from 'react';
import { prefersReducedMotion } from '../../lib/motion';

/** The statistics band's count-up (docs/public-site.md): 2000 ms. */
export const COUNT_UP_MS = 2000;

/** Ease-out cubic: fast start, gentle landing. */
export function easeOutCubic(progress: number): number {
  const p = Math.min(1, Math.max(0, progress));
  return 1 - (1 - p) ** 3;
}

/** The figure shown `elapsed` ms into a count-up to `target`, rounded to `decimals`; exactly `target` at the end. */
export function countUpValue(elapsed: number, duration: number, target: number, decimals = 0): number {
  if (duration <= 0 || elapsed >= duration) return target;
  if (elapsed <= 0) return 0;
  const factor = 10 ** decimals;
  return Math.round(easeOutCubic(elapsed / duration) * target * factor) / factor;
}


/**
 * Counts from 0 to `target` over `duration` once `running` turns true. Until then (the server's page, a
 * page before the app starts, a band not scrolled to yet) the final figure shows: a reader who never
 * scrolls the app into life reads "1 000+", not "0+". With reduced motion the final figure shows at once.
 */
export function useCountUp(target: number, running: boolean, { duration = COUNT_UP_MS, decimals = 0 } = {}): number {
  const reduced = prefersReducedMotion();
  const [value, setValue] = useState(target);
  useEffect(() => {
    if (!running || reduced) return;
    let frame = 0;
    const started = performance.now();
    const tick = (now: number) => {
      const elapsed = now - started;
      setValue(countUpValue(elapsed, duration, target, decimals));
      if (elapsed < duration) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [running, reduced, target, duration, decimals]);
  return reduced ? target : value;
}
