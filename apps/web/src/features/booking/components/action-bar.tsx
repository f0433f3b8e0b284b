import type { ReactNode } from 'react';

/**
 * The page's main actions (DESIGN.md: on phones the main action sits in a sticky bottom bar). Below
 * 768 px the bar is fixed to the bottom edge above the content (give the page bottom padding, see
 * ACTION_BAR_SPACE); from 768 px it is an ordinary row at the end of the form. data-action-bar keeps
 * floating buttons (the shell's Become a Professional) off the page while it is there.
 */
export function ActionBar({ children }: { children: ReactNode }) {
  return (
    <div data-action-bar="md" className="fixed inset-x-0 bottom-0 z-30 border-t border-sand-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(26,26,34,0.08)] backdrop-blur md:static md:z-auto md:mt-8 md:border-0 md:bg-transparent md:p-0 md:shadow-none md:backdrop-blur-none">
      <div className="mx-auto flex max-w-3xl items-center gap-3 md:mx-0 md:max-w-none md:justify-end [&>*]:flex-1 md:[&>*]:flex-none">{children}</div>
    </div>
  );
}

/** Bottom padding for pages with an ActionBar, so the fixed bar never hides the last field on phones. */
export const ACTION_BAR_SPACE = 'pb-28 md:pb-0';
