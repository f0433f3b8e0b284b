import { describe, expect, it } from 'vitest';
import { PERMISSIONS, can, normalizeUserType, permissionsFor, sessionPermissions } from './permissions';

describe('permissions (SPEC §6)', () => {
  const customer = { userType: 'customer', adminRoles: [] };
  const pro = { userType: 'pro', adminRoles: [] };

  it('a customer books and edits their profile, nothing of pros or admins', () => {
    expect(can(customer, 'booking:create')).toBe(true);
    expect(can(customer, 'profile:update:own')).toBe(true);
    expect(can(customer, 'application:create')).toBe(true);
    expect(can(customer, 'booking:accept:own')).toBe(false);
    expect(can(customer, 'payout:request')).toBe(false);
    expect(can(customer, 'admin:access')).toBe(false);
    expect(can(customer, 'booking:read:any')).toBe(false);
  });

  it('a pro accepts and declines own bookings, manages services, requests payouts', () => {
    for (const p of ['booking:accept:own', 'booking:decline:own', 'services:manage:own', 'payout:request', 'earnings:read:own'] as const) {
      expect(can(pro, p)).toBe(true);
    }
    expect(can(pro, 'admin:access')).toBe(false);
    expect(can(pro, 'application:review')).toBe(false);
  });

  it('an unknown user type is a customer', () => {
    expect(permissionsFor({ userType: 'superuser', adminRoles: ['super_admin'] })).toEqual(permissionsFor(customer));
    expect(normalizeUserType('superuser')).toBe('customer');
    expect(normalizeUserType('pro')).toBe('pro');
  });

  it('an admin with no active role has all rights', () => {
    expect(permissionsFor({ userType: 'admin', adminRoles: [] })).toEqual([...PERMISSIONS]);
  });

  it('super_admin has all rights', () => {
    expect(permissionsFor({ userType: 'admin', adminRoles: ['super_admin'] })).toEqual([...PERMISSIONS]);
  });

  it('application_reviewer reviews applications but sees no financial data', () => {
    const reviewer = { userType: 'admin', adminRoles: ['application_reviewer'] };
    expect(can(reviewer, 'admin:access')).toBe(true);
    expect(can(reviewer, 'booking:read:any')).toBe(true);
    expect(can(reviewer, 'application:review')).toBe(true);
    expect(can(reviewer, 'finance:read')).toBe(false);
    expect(can(reviewer, 'booking:refund')).toBe(false);
  });

  it('finance_admin sees financial data and refunds, but does not review applications', () => {
    const finance = { userType: 'admin', adminRoles: ['finance_admin'] };
    expect(can(finance, 'finance:read')).toBe(true);
    expect(can(finance, 'booking:refund')).toBe(true);
    expect(can(finance, 'application:review')).toBe(false);
    expect(can(finance, 'booking:reassign')).toBe(false);
  });

  it('roles count only for admins, and unknown roles grant nothing', () => {
    expect(can({ userType: 'customer', adminRoles: ['super_admin'] }, 'admin:access')).toBe(false);
    expect(permissionsFor({ userType: 'admin', adminRoles: ['owner'] })).toEqual([...PERMISSIONS]);
  });

  it('nobody signed in has no permission', () => {
    expect(permissionsFor(null)).toEqual([]);
    expect(can(undefined, 'booking:create')).toBe(false);
  });
});

describe('sessionPermissions (GET /api/me)', () => {
  const pro = { userType: 'pro', adminRoles: [] };

  it('a pro account not approved yet (no professional record) holds a customer\'s permissions', () => {
    const applicant = sessionPermissions(pro, { isProfessional: false });
    expect(applicant).toEqual(permissionsFor({ userType: 'customer', adminRoles: [] }));
    for (const p of ['booking:accept:own', 'services:manage:own', 'earnings:read:own', 'payout:request'] as const) expect(applicant).not.toContain(p);
  });

  it('an approved professional, a customer and an admin keep the table\'s permissions', () => {
    expect(sessionPermissions(pro, { isProfessional: true })).toEqual(permissionsFor(pro));
    for (const user of [{ userType: 'customer', adminRoles: [] }, { userType: 'admin', adminRoles: ['finance_admin'] }]) {
      expect(sessionPermissions(user, { isProfessional: false })).toEqual(permissionsFor(user));
    }
  });
});
