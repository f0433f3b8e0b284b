import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Deferred } from '../../components/deferred';
import { lazyPiece } from '../../components/lazy-piece';
import { useTranslation } from '../../lib/use-translation';
import { NavigationType, Outlet, useLocation, useNavigation, useNavigationType } from 'react-router';
import { loadNamespaces } from '../../lib/i18n';
import { currentPageTitle, subscribePageTitle } from '../../lib/page-title';
import { useShellSession } from '../session';
import { SessionEffects } from '../session-effects';
import { UpdateNotice } from '../update-notice';
import { CookieBanner } from '../../features/consent/components/cookie-banner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

// The cookie settings dialog's host: its own small chunk, fetched after the first render (the banner is
// part of the shell, in the server's page: cookie-banner.tsx).
// These three load without being asked for: if their code cannot be fetched, they wait quietly for
// the connection to come back (components/lazy-piece.tsx).
const CookieConsent = lazyPiece(
  () => Promise.all([import('../../features/consent/components/cookie-consent'), loadNamespaces(['consent'])]).then(([m]) => m.CookieConsent),
  { failure: 'silent' },
);

// The realtime channel is only for signed-in users: its code loads with their first page, not for visitors.
const RealtimeBridge = lazyPiece(() => import('../realtime-bridge').then((m) => m.RealtimeBridge), { failure: 'silent' });
// Likewise the "Become a Professional" button: only customers who never applied fetch it.
const BecomeProFab = lazyPiece(() => import('./become-pro-fab').then((m) => m.BecomeProFab), { failure: 'silent' });

/** The page shell: skip link, header, <main id="main">, footer; plus route-change housekeeping. */
export function RootLayout() {
  const { t } = useTranslation();
  useScrollToTopOnNavigation();
  // The footer is below the fold on every page: taken over when it comes near or is used (one element,
  // so the layout rendering again leaves it waiting); on the server's page its blocks but the last skip
  // their layout until they near the screen (skip-offscreen-footer in styles/site.css).
  const footer = useMemo(
    () => (
      <Deferred offscreen="skip-offscreen-footer">
        <SiteFooter />
      </Deferred>
    ),
    [],
  );

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        onClick={(event) => {
          // Move focus as well as scrolling, so the next Tab starts inside the content.
          event.preventDefault();
          const main = document.getElementById('main');
          main?.focus();
          main?.scrollIntoView();
        }}
        className="sr-only z-[60] rounded-xl bg-primary-600 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
      >
        {t('a11y.skipToContent')}
      </a>
      <NavigationProgress />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1">
        <Outlet />
      </main>
      {footer}
      <RouteAnnouncer />
      <CookieBanner />
      <UpdateNotice />
      <CookieConsentAfterHydration />
      <RealtimeForSignedIn />
      <BecomeProFabForCustomers />
      <SessionEffects />
    </div>
  );
}

/**
 * The cookie settings dialog's host reads localStorage, so it is not part of the server's page nor of
 * hydration (the two must agree). It mounts in a task of its own once the page is live: its chunk and
 * strings load then, without lengthening hydration's last task on a slow phone.
 */
function CookieConsentAfterHydration() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const id = window.setTimeout(() => setMounted(true), 0);
    return () => window.clearTimeout(id);
  }, []);
  if (!mounted) return null;
  return <CookieConsent />;
}

/** One realtime connection per signed-in user (issue 5): live bookings and status toasts. */
function RealtimeForSignedIn() {
  const session = useShellSession();
  if (session.status !== 'signed-in') return null;
  return <RealtimeBridge userId={session.user.id} />;
}

/** docs/public-site.md's floating button to professional onboarding: for signed-in customers with no application of any status. */
function BecomeProFabForCustomers() {
  const session = useShellSession();
  if (session.status !== 'signed-in' || session.user.role !== 'customer' || session.user.applicationStatus !== null) return null;
  return <BecomeProFab key={session.user.id} userId={session.user.id} />;
}

/**
 * docs/public-site.md: the page scrolls to the top on every route change (not on query-only changes such as filters).
 * The first page of a visit is not a route change: the browser has already placed it, at the top, at its
 * #hash, or, on a reload or a return through history to a page no longer in the back/forward cache,
 * where the reader left it. Scrolling then would throw the reader back to the top once the app took over.
 * Nor is Back or Forward within the app: the browser puts the reader back where they were on that page
 * (a long catalogue, after a look at a service), as it does between documents.
 */
function useScrollToTopOnNavigation() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const landing = useRef(true);
  useLayoutEffect(() => {
    if (landing.current) {
      landing.current = false;
      if (!hash || landingRestoresScroll()) return;
    } else if (navigationType === NavigationType.Pop) {
      return;
    }
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    // Only the path counts as a route change; the hash is read for the landing position.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}

/** The document was loaded by a reload or a history traversal: the browser restores its scroll position. */
function landingRestoresScroll(): boolean {
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

/** A thin bar while the next page's code loads (routes are lazy). */
function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('a11y.pageLoading')}
      className="fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden bg-primary-100 rtl:-scale-x-100"
    >
      <div className="h-full w-1/3 animate-progress bg-primary-600" />
    </div>
  );
}

/** How long a page without <Seo> is given to set its title before the document title is announced as it is. */
const UNREPORTED_TITLE_MS = 1000;

/**
 * Tells screen-reader users that a new page loaded (a client-side navigation is otherwise silent):
 * after each navigation, the title the page settles on goes into a polite live region, once. A page
 * still loading (<Seo pending>: "Loading service…") is waited for, so the reader hears the service's
 * name, or Service Not Found, and not the placeholder (lib/page-title.ts).
 */
function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let announced = false;
    const announce = (title: string) => {
      if (announced) return;
      announced = true;
      setMessage(title);
    };
    const check = () => {
      const page = currentPageTitle();
      if (page?.pathname === pathname && page.settled) announce(page.title);
    };
    const fallback = window.setTimeout(() => {
      if (currentPageTitle()?.pathname !== pathname) announce(document.title);
    }, UNREPORTED_TITLE_MS);
    const unsubscribe = subscribePageTitle(check);
    check();
    return () => {
      unsubscribe();
      window.clearTimeout(fallback);
    };
  }, [pathname]);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </div>
  );
}
