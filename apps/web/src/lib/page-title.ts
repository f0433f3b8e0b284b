/**
 * The title the page on screen has settled on, for the route announcer (app/layout/root-layout.tsx):
 * <Seo> reports it, marked unsettled while the page still loads ("Loading service…"), so the announcer
 * waits for the page's real title (the service's name, or Service Not Found) and says it once.
 */
export interface PageTitle {
  /** The path the page was shown at. */
  pathname: string;
  /** The full title ("Plumbing repair | Khedma"). */
  title: string;
  /** False while the page is still loading what its title depends on. */
  settled: boolean;
}

let current: PageTitle | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function reportPageTitle(title: PageTitle): void {
  current = title;
  emit();
}

/** Forgets `title` if it is still the latest (its page went): a later page's title is never dropped. */
export function withdrawPageTitle(title: PageTitle): void {
  if (current !== title) return;
  current = null;
  emit();
}

export function currentPageTitle(): PageTitle | null {
  return current;
}

export function subscribePageTitle(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
