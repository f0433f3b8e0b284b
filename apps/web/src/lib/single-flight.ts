/**
 * One change sent once (issues 22 and 38): a second tap on an action whose first is still on its way
 * (a double click, an impatient second press before the button shows it is busy: TanStack notifies
 * `isPending` a task later) is dropped, so the server sees one request and the page shows the outcome
 * of that one, never the refusal of a duplicate ("Failed to process refund" after a refund that
 * worked, "You already have an application under review." after a submission that went through).
 *
 * The guard is per key (a booking id, "application") and per tab, held until the request settles,
 * whether or not the component that sent it is still on screen.
 */
import { useMutation, type MutateOptions, type UseMutationOptions } from '@tanstack/react-query';
import { useCallback } from 'react';

const inFlight = new Set<string>();

/** Claims `key` for one request; false when a request under that key is already on its way. */
export function claimFlight(key: string): boolean {
  if (inFlight.has(key)) return false;
  inFlight.add(key);
  return true;
}

/** Frees `key` (the request settled). */
export function releaseFlight(key: string): void {
  inFlight.delete(key);
}

/** Whether a request under `key` is on its way (tests). */
export function isInFlight(key: string): boolean {
  return inFlight.has(key);
}

/**
 * useMutation whose `mutate` sends at most one request per `keyOf(variables)` at a time: calls made
 * while one is on its way are dropped (with their callbacks: the first call's callbacks report the one
 * outcome).
 */
export function useSingleFlightMutation<TData, TVariables, TContext = unknown>(
  options: UseMutationOptions<TData, Error, TVariables, TContext> & { mutationFn: (variables: TVariables) => Promise<TData> },
  keyOf: (variables: TVariables) => string,
) {
  const { mutationFn } = options;
  const mutation = useMutation<TData, Error, TVariables, TContext>({
    ...options,
    // Freed when the request settles, even if the component that sent it has gone.
    mutationFn: async (variables) => {
      try {
        return await mutationFn(variables);
      } finally {
        releaseFlight(keyOf(variables));
      }
    },
  });
  const { mutate: send } = mutation;
  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, Error, TVariables, TContext>) => {
      if (!claimFlight(keyOf(variables))) return;
      send(variables, callbacks);
    },
    // keyOf is a module-level function of each hook: stable in practice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [send],
  );
  return { ...mutation, mutate };
}
