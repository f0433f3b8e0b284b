/**
 * Who may do what (STYLE.md rule 5): permissions are data. The server checks them on every
 * route that needs one; the web app uses the same table to hide what a user may not do.
 *
 * docs/accounts.md:
 * - customer (the default user type): books, sees and cancels own bookings, chats, reviews,
 *   edits own profile; may apply to become a professional.
 * - pro: incoming and pending bookings (accept, decline), services, earnings and payout request.
 *   A professional may also book services like any customer.
 * - admin (user_type admin): all bookings, the admin tab and /admin/bookings. What else an admin may
 *   do comes from active admin_roles rows: super_admin (all rights), application_reviewer (review
 *   applications), finance_admin (see IBAN and tax id). An admin with no active role row has all
 *   rights.
 * Booking actions of the admin bookings page (complete, reassign) belong to super_admin; refunds to
 * super_admin and finance_admin (money leaves the escrow). Decision: least privilege for the two
 * narrow roles, which the demo accounts reviewer@ and finance@ exist to show.
 */
import { ADMIN_ROLES, type AdminRole, type UserType } from './accounts';

export const PERMISSIONS = [
  'profile:update:own',
  'booking:create',
  'booking:read:own',
  'booking:cancel:own',
  'booking:accept:own',
  'booking:decline:own',
  'booking:read:any',
  'booking:complete',
  'booking:refund',
  'booking:reassign',
  'chat:use',
  'review:create',
  'application:create',
  'application:read:own',
  'application:review',
  'finance:read',
  'services:manage:own',
  'earnings:read:own',
  'payout:request',
  'payout:manage',
  'admin:access',
  /** The sensitive-access log and the contact messages (super_admin; issue 25). */
  'audit:read',
  'contact:read',
  /** Deliveries (emails, push) and other durable jobs that failed for good: see and retry them (super_admin). */
  'jobs:manage',
  /** Opening and following one's own support tickets (docs/support.md): customers and professionals. */
  'support:use',
  /** The support queue: answering, internal notes, status and assignment (super_admin; docs/support.md). */
  'support:manage',
  /** Guarantee claims: decide a claim the two sides do not agree on (super_admin; refunds also need booking:refund, docs/claims.md). */
  'claim:decide',
  /** Suspend and reinstate professionals (super_admin; issue 41, docs/lateness.md). */
  'professional:suspend',
  /** Promo codes: create, deactivate (super_admin only; docs/promos.md). */
  'promo:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const CUSTOMER: readonly Permission[] = [
  'profile:update:own',
  'booking:create',
  'booking:read:own',
  'booking:cancel:own',
  'chat:use',
  'review:create',
  'application:create',
  'application:read:own',
  'support:use',
];

const PRO: readonly Permission[] = [
  ...CUSTOMER,
  'booking:accept:own',
  'booking:decline:own',
  'services:manage:own',
  'earnings:read:own',
  'payout:request',
];

/** Every admin, whatever their roles. */
const ADMIN_BASE: readonly Permission[] = ['profile:update:own', 'admin:access', 'booking:read:any'];

/** Granted by user type. */
export const USER_TYPE_PERMISSIONS: Readonly<Record<UserType, readonly Permission[]>> = {
  customer: CUSTOMER,
  pro: PRO,
  admin: ADMIN_BASE,
};

/** Granted on top of ADMIN_BASE by each active admin role. */
export const ADMIN_ROLE_PERMISSIONS: Readonly<Record<AdminRole, readonly Permission[]>> = {
  super_admin: PERMISSIONS,
  application_reviewer: ['application:review'],
  finance_admin: ['finance:read', 'booking:refund', 'payout:manage'],
};

/** What the permission check needs to know about a user. */
export interface PermissionSubject {
  userType: UserType | (string & {});
  /** Active admin_roles of the user (ignored unless userType is admin). */
  adminRoles: readonly string[];
}

const isAdminRole = (r: string): r is AdminRole => (ADMIN_ROLES as readonly string[]).includes(r);

/** Every permission the user holds, in the order of PERMISSIONS. */
export function permissionsFor(user: PermissionSubject | null | undefined): Permission[] {
  if (!user) return [];
  const granted = new Set<Permission>();
  if (user.userType === 'admin') {
    const roles = user.adminRoles.filter(isAdminRole);
    // docs/accounts.md: an admin with no role records has all rights.
    const sources = roles.length === 0 ? [PERMISSIONS] : [ADMIN_BASE, ...roles.map((r) => ADMIN_ROLE_PERMISSIONS[r])];
    for (const list of sources) for (const p of list) granted.add(p);
  } else {
    // Anything other than pro or admin is a customer (docs/accounts.md).
    const base = user.userType === 'pro' ? PRO : CUSTOMER;
    for (const p of base) granted.add(p);
  }
  return PERMISSIONS.filter((p) => granted.has(p));
}

/**
 * What the signed-in user may do now (GET /api/me, which the web app hides and guards pages by). A pro
 * account is a professional's once an application is approved (its professional record exists); until then,
 * signed up as a pro but not approved, it holds a customer's permissions: it applies, books and chats, and
 * has no pending requests, services or earnings to open (each of those routes answers 403 without the record).
 */
export function sessionPermissions(user: PermissionSubject | null | undefined, { isProfessional }: { isProfessional: boolean }): Permission[] {
  const all = permissionsFor(user);
  if (user?.userType !== 'pro' || isProfessional) return all;
  return all.filter((p) => CUSTOMER.includes(p));
}

export function can(user: PermissionSubject | null | undefined, permission: Permission): boolean {
  return permissionsFor(user).includes(permission);
}

/** The user type a stored or submitted value stands for: anything unknown is a customer. */
export function normalizeUserType(value: unknown): UserType {
  return value === 'pro' || value === 'admin' ? value : 'customer';
}
