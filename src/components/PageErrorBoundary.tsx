import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert } from './Alert';
import { Button } from './Button';

interface Props {
  children: ReactNode;
  /** What the fallback says of the person's edits: the draft lives in the store, so it outlives the failed part. */
  keeps?: string;
}

/** The message shown in place of a part of a page that failed to draw. */
export const PAGE_FAILED = 'Something went wrong showing this page.';

/**
 * Catches an error while drawing a page (or a part of it) so that it never takes the app down with it: the menu
 * and the rest of the page stay, and an edit mode's draft (kept in the store, not in the failed components) is
 * kept. "Try again" draws the part again.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // The person sees a sentence; a developer needs the component stack.
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={PAGE_FAILED}
        description={`${this.props.keeps ?? 'Nothing you saved is lost.'} (${this.state.error.message})`}
        action={
          <Button size="small" onClick={() => this.setState({ error: null })}>
            Try again
          </Button>
        }
      />
    );
  }
}

/** One boundary per page: a new address starts afresh, whatever the page before it met. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary key={pathname}>{children}</ErrorBoundary>;
}
