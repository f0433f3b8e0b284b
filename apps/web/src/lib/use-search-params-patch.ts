import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * The address's query parameters and a function that changes some of them and keeps the others.
 *
 * react-router's own setter builds the next address from the parameters of the last render (its
 * function form too), and a data router renders a navigation a few ticks later: two changes made
 * before that render (a filter, then the sort, quickly) made the second one drop the first
 * (/search lost `minRating=4.5` when the sort changed right after the slider; e2e/pros.spec.ts).
 * Here every change starts from the last address asked for, until the router renders it.
 */
export function useSearchParamsPatch(
  apply: (next: URLSearchParams, patch: Record<string, string>) => void,
  options: NavigateOptions = { replace: true },
): [URLSearchParams, (patch: Record<string, string>) => void] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  }, [apply]);
  const { replace, preventScrollReset } = options;
  const patch = useCallback(
    (changes: Record<string, string>) => {
      const next = new URLSearchParams(latest.current);
      applyRef.current(next, changes);
      latest.current = next;
      setParams(next, { replace, preventScrollReset });
    },
    [setParams, replace, preventScrollReset],
  );
  return [params, patch];
}
