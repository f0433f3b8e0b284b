import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * What the server answered a form sent as plain HTML (before the app took the page over, or without
 * JavaScript: docs/public-site.md). The server renders the page with it (entry-server.tsx) and writes it
 * into the page's data, so the browser's first render shows the same message and values (main.tsx).
 */
export interface ContactOutcome {
  form: 'contact';
  status: 'sent' | 'invalid' | 'failed' | 'rateLimited';
  /** What was sent (empty once sent). */
  values: { name: string; email: string; phone: string; message: string };
  /** The shared schema's English messages by field (the page translates them). */
  errors: Record<string, string>;
}

export type FormOutcome = ContactOutcome;

interface OutcomeSource {
  /** The outcome while no page has shown it yet. */
  peek(): FormOutcome | null;
  /** A page showed it: later pages start empty. */
  take(): void;
}

function outcomeSource(outcome: FormOutcome | null): OutcomeSource {
  let left = outcome;
  return {
    peek: () => left,
    take: () => {
      left = null;
    },
  };
}

const FormOutcomeContext = createContext<OutcomeSource>(outcomeSource(null));

export function FormOutcomeProvider({ outcome, children }: { outcome: FormOutcome | null | undefined; children: ReactNode }) {
  // One object for the life of the app: the outcome belongs to the page the server answered, once.
  const [source] = useState(() => outcomeSource(outcome ?? null));
  return <FormOutcomeContext value={source}>{children}</FormOutcomeContext>;
}

/**
 * The server's answer to `form` for the page being shown, read once (in a useState initialiser): a later
 * visit of the same page in the app starts empty.
 */
export function useFormOutcome<F extends FormOutcome['form']>(form: F): Extract<FormOutcome, { form: F }> | null {
  const source = useContext(FormOutcomeContext);
  const [outcome] = useState(() => {
    const left = source.peek();
    return left?.form === form ? (left as Extract<FormOutcome, { form: F }>) : null;
  });
  useEffect(() => source.take(), [source]);
  return outcome;
}
