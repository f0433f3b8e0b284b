import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { loadNamespaces } from '../lib/i18n';
import type { FeatureNamespace } from '../lib/i18next';
import { RootLayout } from './layout/root-layout';
import { RequireAuth, type RequireAuthProps } from './require-auth';
import { NotFoundPage } from './pages/not-found-page';
import { paths, routes } from './paths';
import { RootErrorBoundary, RouteErrorBoundary } from './route-error';

/**
 * Lazily loads one named page component: each page is its own chunk, fetched on first visit.
 * (Vite needs the literal import() at each call site to split the chunk.)
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, namespaces: readonly FeatureNamespace[] = []) {
  return async () => {
    // The page's own strings load in parallel with its code, so it never renders raw keys.
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: module[name] };
  };
}

/** A permanent redirect that keeps the query string (and the given path parameters). */
function redirectTo(build: (args: LoaderFunctionArgs) => string) {
  return (args: LoaderFunctionArgs) => {
    const { search } = new URL(args.request.url);
    return redirect(`${build(args)}${search}`);
  };
}

/**
 * Pages that need an account or a role (SPEC §2, §6): wrapped in a path-less layout route whose
 * element is the guard, so the page renders only for someone allowed to see it.
 */
function guarded(guard: RequireAuthProps, children: RouteObject[]): RouteObject {
  return { element: <RequireAuth {...guard} />, children };
}

/** A legal page resolves with its text in the current language (see documentReady in each page). */
const withDocument = async <M extends { documentReady: Promise<unknown> }>(module: M) => {
  await module.documentReady;
  return module;
};
const terms = page(() => import('../features/legal/pages/terms-page').then(withDocument), 'TermsPage', ['legal']);
const privacy = page(() => import('../features/legal/pages/privacy-page').then(withDocument), 'PrivacyPage', ['legal']);
const myBookings = page(() => import('../features/booking/pages/my-bookings-page'), 'MyBookingsPage', ['booking']);

/** Every page of SPEC §2 (see paths.ts), rendered inside the layout. */
const pageRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('../features/home/pages/home-page'), 'HomePage', ['home', 'catalog']) },
  { path: routes.about, lazy: page(() => import('../features/about/pages/about-page'), 'AboutPage', ['site']) },
  { path: routes.services, lazy: page(() => import('../features/catalog/pages/services-page'), 'ServicesPage', ['catalog']) },
  {
    path: routes.serviceOrCategory,
    lazy: page(() => import('../features/catalog/pages/service-or-category-page'), 'ServiceOrCategoryPage', ['catalog']),
  },
  { path: routes.contact, lazy: page(() => import('../features/contact/pages/contact-page'), 'ContactPage', ['site']) },
  { path: routes.faq, lazy: page(() => import('../features/faq/pages/faq-page'), 'FaqPage', ['site']) },
  { path: routes.pricing, lazy: page(() => import('../features/pricing/pages/pricing-page'), 'PricingPage', ['site', 'catalog']) },
  { path: routes.terms, lazy: terms },
  { path: routes.termsNew, lazy: terms },
  { path: routes.privacy, lazy: privacy },
  { path: routes.privacyNew, lazy: privacy },
  { path: routes.cookies, lazy: page(() => import('../features/legal/pages/cookies-page').then(withDocument), 'CookiesPage', ['legal']) },
  { path: routes.login, lazy: page(() => import('../features/auth/pages/login-page'), 'LoginPage', ['auth']) },
  { path: routes.signup, lazy: page(() => import('../features/auth/pages/signup-page'), 'SignupPage', ['auth']) },
  {
    path: routes.forgotPassword,
    lazy: page(() => import('../features/auth/pages/forgot-password-page'), 'ForgotPasswordPage', ['auth']),
  },
  {
    path: routes.resetPassword,
    lazy: page(() => import('../features/auth/pages/reset-password-page'), 'ResetPasswordPage', ['auth']),
  },
  { path: routes.becomePro, lazy: page(() => import('../features/onboarding/pages/become-pro-page'), 'BecomeProPage') },
  {
    path: routes.registerProfessional,
    lazy: page(() => import('../features/onboarding/pages/register-professional-page'), 'RegisterProfessionalPage'),
  },
  guarded({ signedOutMessage: 'auth.guard.loginRequired' }, [
    {
      path: routes.professionalOnboarding,
      lazy: page(() => import('../features/onboarding/pages/professional-onboarding-page'), 'ProfessionalOnboardingPage'),
    },
  ]),
  { path: routes.applyProfessional, loader: redirectTo(() => paths.professionalOnboarding()) },
  guarded({ signedOutMessage: 'auth.guard.dashboard' }, [
    { path: routes.dashboard, lazy: page(() => import('../features/dashboard/pages/dashboard-page'), 'DashboardPage', ['dashboard', 'booking']) },
  ]),
  guarded({}, [
    { path: routes.dashboardBookings, lazy: myBookings },
    { path: routes.bookings, lazy: myBookings },
    { path: routes.profile, lazy: page(() => import('../features/profile/pages/profile-page'), 'ProfilePage', ['profile']) },
  ]),
  guarded({ permission: 'services:manage:own', deniedTo: 'dashboard', deniedMessage: 'auth.guard.proOnly' }, [
    { path: routes.proProfile, lazy: page(() => import('../features/pros/pages/my-pro-profile-page'), 'MyProProfilePage', ['pros', 'catalog']) },
  ]),
  { path: routes.pro, lazy: page(() => import('../features/pros/pages/pro-page'), 'ProPage', ['pros']) },
  { path: routes.professional, loader: redirectTo(({ params }) => paths.pro(params.id ?? '')) },
  guarded({ permission: 'booking:accept:own', deniedTo: 'dashboard', deniedMessage: 'auth.guard.proOnly' }, [
    { path: routes.proBookings, lazy: page(() => import('../features/booking/pages/pro-bookings-page'), 'ProBookingsPage', ['booking']) },
  ]),
  { path: routes.book, loader: redirectTo(() => paths.bookService()) },
  { path: routes.search, lazy: page(() => import('../features/pros/pages/search-page'), 'SearchPage', ['pros', 'catalog']) },
  guarded({ signedOutMessage: 'auth.guard.continue' }, [
    { path: routes.professionals, lazy: page(() => import('../features/pros/pages/professionals-page'), 'ProfessionalsPage', ['pros', 'catalog']) },
    { path: routes.bookService, lazy: page(() => import('../features/booking/pages/book-service-page'), 'BookServicePage', ['booking']) },
    { path: routes.booking, lazy: page(() => import('../features/booking/pages/booking-page'), 'BookingPage', ['booking']) },
  ]),
  guarded({ signedOutMessage: 'auth.guard.messages' }, [
    { path: routes.chat, lazy: page(() => import('../features/chat/pages/chat-page'), 'ChatPage') },
  ]),
  {
    path: routes.nativeFeatures,
    lazy: page(() => import('../features/native/pages/native-features-page'), 'NativeFeaturesPage'),
  },
  guarded({ permission: 'admin:access', deniedTo: 'home', signedOutMessage: 'auth.guard.continue', deniedMessage: 'auth.guard.adminOnly' }, [
    {
      path: routes.adminReviewProfessionals,
      lazy: page(() => import('../features/admin/pages/review-professionals-page'), 'ReviewProfessionalsPage'),
    },
    { path: routes.adminBookings, lazy: page(() => import('../features/admin/pages/admin-bookings-page'), 'AdminBookingsPage') },
  ]),
  { path: routes.devMailbox, lazy: page(() => import('../features/dev/pages/mailbox-page'), 'MailboxPage') },
  // Any other path (SPEC §2): "Oops! Page not found". Small and eager: the error boundary uses it too.
  { path: '*', Component: NotFoundPage },
];

export const routeTree: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    // The layout itself failed: a full-page error without header and footer.
    ErrorBoundary: RootErrorBoundary,
    // Shown only while the first page's chunk loads on a cold start.
    HydrateFallback: ShellFallback,
    children: [
      {
        // Page failures render inside the layout, so navigation stays available.
        ErrorBoundary: RouteErrorBoundary,
        children: pageRoutes,
      },
    ],
  },
];

function ShellFallback() {
  return <div aria-hidden="true" className="min-h-dvh bg-sand-50" />;
}

export function createAppRouter() {
  return createBrowserRouter(routeTree);
}
