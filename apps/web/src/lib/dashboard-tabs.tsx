/**
 * The dashboard's tabs, registered by the features that own them (docs/adding-a-capability.md): each
 * `features/<name>/dashboard-tab.tsx` exports `dashboardTab`, `app/providers.tsx` collects them with
 * `import.meta.glob` and hands them down here, and the dashboard page shows those visible to the
 * signed-in person, in `order`. Keep that file small (metadata and a lazily loaded panel): it is in
 * the app's entry chunk.
 */
import { createContext, lazy, useContext, type ComponentType, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { Permission } from '@khedma/shared/domain/permissions';
import { loadNamespaces } from './i18n';
import type { SessionUser } from './session';

export interface DashboardTabViewer {
  user: SessionUser;
  permissions: readonly Permission[];
}

export interface DashboardTab {
  /** Unique and stable: the tab's id in the page (and ?tab= in its address). */
  id: string;
  /** Position: bookings 10, messages 20, services 30, earnings 40, admin 50, profile 90. */
  order: number;
  icon: LucideIcon;
  /**
   * The feature's string namespaces: loaded with the dashboard (the first holds the label) and before
   * the panel shows (lazyPanel).
   */
  namespaces: readonly string[];
  /** The tab's label in the current language (a hook: it may call useTranslation). */
  useLabel: () => string;
  /** Whether this person sees the tab (the server still checks every request it makes). */
  visible: (viewer: DashboardTabViewer) => boolean;
  /** The panel (lazy: React.lazy(() => import(...))). */
  Panel: ComponentType<DashboardTabViewer>;
}

/** What a feature's dashboard-tab.tsx exports. */
export interface DashboardTabModule {
  dashboardTab: DashboardTab;
}

const DashboardTabsContext = createContext<readonly DashboardTab[]>([]);

export function DashboardTabsProvider({ tabs, children }: { tabs: readonly DashboardTab[]; children: ReactNode }) {
  return <DashboardTabsContext.Provider value={tabs}>{children}</DashboardTabsContext.Provider>;
}

/** Every registered tab, in order (visibility is the page's to decide). */
export function useDashboardTabs(): readonly DashboardTab[] {
  return useContext(DashboardTabsContext);
}

/** Tabs from the glob's modules, sorted by order then id (ids must be unique). */
export function collectDashboardTabs(modules: Record<string, DashboardTabModule>): DashboardTab[] {
  const tabs = Object.values(modules).map((m) => m.dashboardTab);
  const seen = new Set<string>();
  for (const tab of tabs) {
    if (seen.has(tab.id)) throw new Error(`two dashboard tabs have the id ${tab.id}`);
    seen.add(tab.id);
  }
  return tabs.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

/** A panel loaded when its tab first opens, with its strings: `lazyPanel(() => import('./x').then((m) => m.X), ['earnings'])`. */
export function lazyPanel(load: () => Promise<ComponentType<DashboardTabViewer>>, namespaces: readonly string[]) {
  return lazy(async () => {
    const [Panel] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { default: Panel };
  });
}
