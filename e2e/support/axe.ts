import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Waits until every animation and transition that ends has ended (a toast fading in, a dialog
 * opening): axe measures colours as they are at that instant, and a toast caught half-way through its
 * fade-in fails color-contrast though it settles at full contrast (the pros' Services tab, after
 * "Saved"). Endless animations (the spinners) are left running; an animation that never ends within
 * 5 s fails the check here rather than letting axe measure it mid-way. A toast rendered but not yet
 * shown (sonner's `data-mounted="false"`: opacity 0, its transition starts a frame later) has no animation
 * yet, so it is waited for by name (the recurring series page right after "created").
 */
export async function waitForAnimations(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[data-sonner-toast][data-mounted="false"]').length === 0 &&
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .length === 0,
    undefined,
    { timeout: 5_000 },
  );
}

/**
 * No serious or critical WCAG 2.1 A/AA violation on the page (or inside `include`, a CSS selector), once
 * what is moving has settled. `label` names the place in the failure message.
 */
export async function expectNoSeriousAxeViolations(page: Page, label: string, options: { include?: string } = {}): Promise<void> {
  await waitForAnimations(page);
  let builder = new AxeBuilder({ page }).withTags(WCAG_AA);
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${label}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}
