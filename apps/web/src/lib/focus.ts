const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]'; // filtered below

/** The elements Tab reaches, in document order (no positive tabindex is used in the app). */
function tabbables(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0 && !element.closest('[inert], [aria-hidden="true"]'),
  );
}

/**
 * Moves the focus to the element Tab (step 1) or Shift+Tab (step -1) would reach from `from`: for a
 * menu closed by Tab, which WAI-ARIA's menu button pattern says moves on rather than staying.
 */
export function focusBeside(from: HTMLElement, step: 1 | -1): void {
  const list = tabbables();
  const index = list.indexOf(from);
  (list[index + step] ?? from).focus();
}
