import type { ReactNode } from 'react';

/**
 * The frame of the account pages: one centred card on the sand background, the page's only h1 at
 * its top. Full width on phones (no side gutters lost to a border), a card from 640 px.
 */
export function AuthCard({ title, lead, children, footer }: { title: string; lead?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="container-page py-6 sm:py-12">
      <section className="mx-auto w-full max-w-md sm:rounded-card sm:border sm:border-sand-200 sm:bg-white sm:p-8 sm:shadow-sm">
        <h1 className="text-2xl font-bold tracking-tight text-ink text-balance sm:text-3xl">{title}</h1>
        {lead ? <p className="mt-2 text-ink-muted text-pretty">{lead}</p> : null}
        <div className="mt-6">{children}</div>
        {footer ? <div className="mt-6 border-t border-sand-200 pt-5 text-center text-sm text-ink-muted">{footer}</div> : null}
      </section>
    </div>
  );
}
