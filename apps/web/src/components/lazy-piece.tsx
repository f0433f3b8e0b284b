import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { dismissNetworkNotice, showNetworkNotice, type NetworkNotice } from '../lib/network-notice';
import { retryableImport } from '../lib/retryable-import';

/** The code of a lazy piece could not be fetched (offline, or the connection dropped). */
export class PieceLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'PieceLoadError';
  }
}

export interface LazyPieceOptions {
  /** Rendered while the code loads, and kept in its place if it cannot be fetched. Default: nothing. */
  fallback?: ReactNode;
  /**
   * What the reader hears of a failure. 'notify' (default), for a piece the reader asked for (a dialog,
   * a menu): the shell's notice says Khedma cannot be reached, with Try again. 'silent', for a piece
   * loaded ahead of need (the toaster): nothing is said, and it is tried again once the browser is
   * back online.
   */
  failure?: 'notify' | 'silent';
}

/**
 * React.lazy for a piece of UI outside the route tree (routes have the router's error screen). A
 * failed import never reaches the layout's error boundary, which would replace the whole page: the
 * piece renders its fallback, the page stays as it is, and the import is tried again on Try again, the
 * next time the piece mounts (a dialog opened again), or back online for a silent piece. React.lazy
 * keeps a rejected import for good, so a failure swaps in a fresh lazy component over a retryable
 * import. The piece comes with its own Suspense boundary.
 *
 *   const Dialog = lazyPiece(() => import('./dialog').then((m) => m.Dialog));
 */
export function lazyPiece<P extends object>(load: () => Promise<ComponentType<P>>, options: LazyPieceOptions = {}): ComponentType<P> {
  const { fallback = null, failure = 'notify' } = options;
  const importPiece = retryableImport(load);
  const create = (): ComponentType<P> => {
    const Created = lazy(() =>
      importPiece().then(
        (Loaded) => ({ default: Loaded }),
        (error: unknown) => {
          // The next render (after Try again, or a new mount) gets a lazy component that imports again.
          if (current === Created) current = create();
          throw new PieceLoadError(error);
        },
      ),
    );
    return Created;
  };
  let current = create();

  // Read at the boundary's every render: after a failure, its Try again renders the fresh lazy component.
  const renderCurrent = (props: P) => {
    const Current = current;
    return (
      <Suspense fallback={fallback}>
        <Current {...props} />
      </Suspense>
    );
  };

  function LazyPiece(props: P) {
    return <PieceBoundary fallback={fallback} failure={failure} render={() => renderCurrent(props)} />;
  }
  return LazyPiece;
}

interface BoundaryProps {
  fallback: ReactNode;
  failure: 'notify' | 'silent';
  render: () => ReactNode;
}

/** Catches a piece's failed import (any other error goes on to the next boundary, as before). */
class PieceBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  private notice: NetworkNotice | null = null;

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (!(error instanceof PieceLoadError)) return;
    if (this.props.failure === 'silent') {
      window.addEventListener('online', this.retry, { once: true });
      return;
    }
    this.notice = { retry: this.retry };
    showNetworkNotice(this.notice);
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
    if (this.notice) dismissNetworkNotice(this.notice);
  }

  private retry = () => {
    this.notice = null;
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.render();
    if (!(error instanceof PieceLoadError)) throw error;
    return this.props.fallback;
  }
}
