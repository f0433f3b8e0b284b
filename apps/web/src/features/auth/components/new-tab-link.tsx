import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';

/** A link opened in a new tab (the form being filled stays as it is), announced as such. */
export function NewTabLink({ to, children }: { to: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Link to={to} target="_blank" rel="noopener noreferrer" className="font-semibold text-primary-700 underline">
      {children}
      <ExternalLink aria-hidden="true" className="ms-0.5 inline size-3.5 align-[-0.1em] rtl:-scale-x-100" />
      <span className="sr-only"> {t('common.opensInNewTab')}</span>
    </Link>
  );
}
