import { guarded, page, redirectRoute, type FeatureRoute } from '../../lib/routing';
import { paths, routes } from '../../config/paths';

const myBookings = page(() => import('./pages/my-bookings-page'), 'MyBookingsPage', ['booking', 'recurring']);

export const pageRoutes: FeatureRoute[] = [
  guarded({}, [
    { path: routes.dashboardBookings, lazy: myBookings },
    { path: routes.bookings, lazy: myBookings },
    { path: routes.payBooking, lazy: page(() => import('./pages/pay-booking-page'), 'PayBookingPage', ['booking']) },
  ]),
  guarded({ permission: 'booking:accept:own', userTypes: ['pro'], deniedTo: 'dashboard', deniedMessage: 'auth.guard.proOnly', adminMessage: 'auth.guard.proOnlyAdmin' }, [
    { path: routes.proBookings, lazy: page(() => import('./pages/pro-bookings-page'), 'ProBookingsPage', ['booking']) },
  ]),
  redirectRoute(routes.book, () => paths.bookService()),
  // Reviewers and finance admins may not book (the server refuses them): the wizard is not theirs either.
  guarded({ permission: 'booking:create', deniedTo: 'dashboard', signedOutMessage: 'auth.guard.createBooking', deniedMessage: 'auth.guard.bookingNotAllowed' }, [
    { path: routes.bookService, lazy: page(() => import('./pages/book-service-page'), 'BookServicePage', ['booking', 'promos']) },
    { path: routes.booking, lazy: page(() => import('./pages/booking-page'), 'BookingPage', ['booking', 'promos']) },
  ]),
];
