import { BriefcaseBusiness, X } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useLocation } from 'react-router';
import { onConsentChange, readConsent } from '../../features/consent/consent';
import { paths, routes } from '../../config/paths';

/**
 * The floating "Become a Professional" button (docs/professionals.md shell, issue 4). The root layout mounts it,
 * as its own small chunk, only for a signed-in customer who has never applied; this part decides
 * where it shows and remembers its dismissal.
 */

/**
 * Where the button shows: the home page and the dashboard only, where "what next" is the question
 * (issue 38: on every page it covered the bottom of lists, cards and their Book Now buttons for
 * signed-in customers). Everywhere else, the way in is the header's and footer's Become a Pro link.
 */
const SHOWN_ON = ['/', routes.dashboard];

/** Whether the button belongs on `pathname` (routes match case-insensitively, with or without a trailing slash). */
export function showsBecomeProFabOn(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return SHOWN_ON.includes(path);
}

/** localStorage key of one user's dismissal: per user, so another account on the device still sees it. */
export const becomeProDismissedKey = (userId: string) => `khedma.becomeProDismissed.${userId}`;

function readDismissed(userId: string): boolean {
  try {
    return globalThis.localStorage?.getItem(becomeProDismissedKey(userId)) !== null;
  } catch {
    return false; // storage blocked: shown again next visit, still dismissible now
  }
}

function storeDismissed(userId: string) {
  try {
    localStorage.setItem(becomeProDismissedKey(userId), new Date().toISOString());
  } catch {
    // Not remembered across visits; hidden for this one.
  }
}

/** True while the cookie banner shows (no valid choice stored): it owns the bottom of the screen then. */
function useCookieBannerShown(): boolean {
  const [shown, setShown] = useState(() => readConsent() === null);
  useEffect(() => onConsentChange((record) => setShown(record === null)), []);
  return shown;
}

/**
 * True while one of the page's own main actions (an element marked `data-keep-clear`, such as the empty
 * dashboard's Book a Service) lies under the button: it steps aside then, and comes back once the page is
 * scrolled on. Checked at most once a frame, on scroll, resize and changes of the page's content.
 */
function useOverKeptClear(ref: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const box = ref.current?.getBoundingClientRect();
      if (!box) return;
      const hit = Array.from(document.querySelectorAll('[data-keep-clear]')).some((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
      });
      setOver(hit);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const main = document.getElementById('main');
    const changes = main ? new MutationObserver(schedule) : null;
    if (main) changes?.observe(main, { childList: true, subtree: true });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      changes?.disconnect();
    };
  }, [active, ref]);
  return over;
}

const focusRing = 'focus-visible:ring-2 focus-visible:ring-white'; // a white gap inside the global outline, visible on dark pages too

export function BecomeProFab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const bannerShown = useCookieBannerShown();
  const [dismissed, setDismissed] = useState(() => readDismissed(userId));
  const ref = useRef<HTMLDivElement>(null);
  const shown = !dismissed && !bannerShown && showsBecomeProFabOn(pathname);
  const stepAside = useOverKeptClear(ref, shown);

  // A dismissal in another tab hides it here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === becomeProDismissedKey(userId) || event.key === null) setDismissed(readDismissed(userId));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [userId]);

  if (!shown) return null;

  return (
    <div
      ref={ref}
      data-become-pro-fab=""
      data-stepped-aside={stepAside ? '' : undefined}
      className={
        'fixed end-4 bottom-[calc(1rem+env(safe-area-inset-bottom))] z-40 flex items-center gap-2 motion-safe:animate-rise-in ' +
        // Never over the page's own main action (data-keep-clear): hidden, but still measured, until scrolled on.
        (stepAside ? 'invisible ' : '') +
        // Not over a page's main action (Book, Continue to payment): its bar is fixed at the bottom on phones
        // and ends the form, on the inline-end side, on wider screens.
        '[body:has([data-action-bar])_&]:hidden'
      }
    >
      <Link
        to={paths.professionalOnboarding()}
        className={`inline-flex min-h-12 items-center gap-2 rounded-full bg-primary-600 ps-4 pe-5 font-semibold text-white no-underline shadow-lg shadow-ink/25 transition-colors duration-150 hover:bg-primary-700 active:bg-primary-800 ${focusRing}`}
      >
        <BriefcaseBusiness aria-hidden="true" className="size-5 shrink-0" />
        {t('becomeProFab.label')}
      </Link>
      <button
        type="button"
        aria-label={t('becomeProFab.dismiss')}
        onClick={() => {
          storeDismissed(userId);
          setDismissed(true);
          // The button goes away with the focus on it: keep keyboard users in the page, where they were.
          document.getElementById('main')?.focus({ preventScroll: true });
        }}
        className={`inline-flex size-11 items-center justify-center rounded-full border border-sand-300 bg-white text-ink shadow-lg shadow-ink/25 transition-colors duration-150 hover:bg-sand-100 ${focusRing}`}
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
