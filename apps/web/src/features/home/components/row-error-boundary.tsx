import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What to show instead of a row that failed to render. */
  fallback: ReactNode;
  children: ReactNode;
}

/** One broken row (a malformed item, a render bug) leaves the rest of the home standing. */
export class RowErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A row failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
