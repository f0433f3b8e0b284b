import { describe, expect, it } from 'vitest';
import { Inbox } from 'lucide-react';
import { collectDashboardTabs, type DashboardTab } from './dashboard-tabs';

const tab = (id: string, order: number): DashboardTab => ({
  id,
  order,
  icon: Inbox,
  namespaces: [],
  useLabel: () => id,
  visible: () => true,
  Panel: () => null,
});

describe('dashboard tabs registered by features', () => {
  it('come in order, then by id', () => {
    const tabs = collectDashboardTabs({
      '../features/admin/dashboard-tab.tsx': { dashboardTab: tab('admin', 50) },
      '../features/chat/dashboard-tab.tsx': { dashboardTab: tab('messages', 20) },
      '../features/earnings/dashboard-tab.tsx': { dashboardTab: tab('earnings', 40) },
      '../features/x/dashboard-tab.tsx': { dashboardTab: tab('aaa', 40) },
    });
    expect(tabs.map((t) => t.id)).toEqual(['messages', 'aaa', 'earnings', 'admin']);
  });

  it('refuse two tabs with one id', () => {
    expect(() =>
      collectDashboardTabs({ a: { dashboardTab: tab('earnings', 40) }, b: { dashboardTab: tab('earnings', 41) } }),
    ).toThrow(/two dashboard tabs have the id earnings/);
  });
});
