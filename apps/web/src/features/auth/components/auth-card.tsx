import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The frame of the account pages: one centred card on the sand background, the page's only h1 at
 * its top. Full width on phones (no side gutters lost to a border), a card from 640 px.
 * `focusHeading`: the card replaced another screen in place (e.g. check your inbox): move focus to
 * its heading so keyboard and screen-reader users start there.
 */
export function AuthCard({
  title,
  lead,
  children,
  footer,
  focusHeading = false,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  focusHeading?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  return (
    <div className="container-page py-6 sm:py-12">
      <section className="mx-auto w-full max-w-md sm:rounded-card sm:border sm:border-sand-200 sm:bg-white sm:p-8 sm:shadow-sm">
        <h1 ref={heading} tabIndex={focusHeading ? -1 : undefined} className="text-2xl font-bold tracking-tight text-ink text-balance outline-none sm:text-3xl">
          {title}
        </h1>
        {lead ? <p className="mt-2 text-ink-muted text-pretty">{lead}</p> : null}
        <div className="mt-6">{children}</div>
        {footer ? <div className="mt-6 border-t border-sand-200 pt-5 text-center text-sm text-ink-muted">{footer}</div> : null}
      </section>
    </div>
  );
}
