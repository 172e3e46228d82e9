// Where a part of the page loads on first use (a panel, a dialog): what shows while its chunk is fetched, and a
// message in its place, not a blank page, when the fetch fails (offline before the site was cached, a new
// deployment that removed the old files) or the part fails to render.

import { Component, Suspense, type ReactNode } from 'react';

export interface LazyBoundaryProps {
  /** What is loading, for the messages ("the Docs panel"). */
  what: string;
  /** Shown while loading; by default a "Loading …" line. */
  fallback?: ReactNode;
  children: ReactNode;
}

export function LazyBoundary({ what, fallback, children }: LazyBoundaryProps) {
  return (
    <LoadError what={what}>
      <Suspense
        fallback={
          fallback ?? (
            <p className="muted" role="status">
              Loading {what}…
            </p>
          )
        }
      >
        {children}
      </Suspense>
    </LoadError>
  );
}

class LoadError extends Component<{ what: string; children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };

  static getDerivedStateFromError(error: unknown): { error: string } {
    return { error: error instanceof Error ? error.message : String(error) };
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return (
      <p className="muted" role="alert">
        {this.props.what[0]!.toUpperCase() + this.props.what.slice(1)} could not be shown ({this.state.error}). Reload the page to try again.
      </p>
    );
  }
}
