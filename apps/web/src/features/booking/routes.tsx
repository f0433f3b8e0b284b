import { guarded, page, redirectTo, type FeatureRoute } from '../../lib/routing';
import { paths, routes } from '../../config/paths';

const myBookings = page(() => import('./pages/my-bookings-page'), 'MyBookingsPage', ['booking']);

export const pageRoutes: FeatureRoute[] = [
  guarded({}, [
    { path: routes.dashboardBookings, lazy: myBookings },
    { path: routes.bookings, lazy: myBookings },
    { path: routes.payBooking, lazy: page(() => import('./pages/pay-booking-page'), 'PayBookingPage', ['booking']) },
  ]),
  guarded({ permission: 'booking:accept:own', deniedTo: 'dashboard', deniedMessage: 'auth.guard.proOnly' }, [
    { path: routes.proBookings, lazy: page(() => import('./pages/pro-bookings-page'), 'ProBookingsPage', ['booking']) },
  ]),
  { path: routes.book, loader: redirectTo(() => paths.bookService()) },
  guarded({ signedOutMessage: 'auth.guard.continue' }, [
    { path: routes.bookService, lazy: page(() => import('./pages/book-service-page'), 'BookServicePage', ['booking']) },
    { path: routes.booking, lazy: page(() => import('./pages/booking-page'), 'BookingPage', ['booking']) },
  ]),
];
