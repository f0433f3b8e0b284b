import type { ReactNode } from 'react';

/** The top of a page: its one h1, an optional lead sentence, and optional actions. */
export function PageIntro({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <section className="border-b border-sand-200 bg-white">
      <div className="container-page py-10 md:py-14">
        <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-ink text-balance md:text-4xl">{title}</h1>
        {lead ? <p className="mt-3 max-w-2xl text-lg text-ink-muted text-pretty">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}
