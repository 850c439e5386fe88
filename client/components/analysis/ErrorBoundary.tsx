import { Component, type ReactNode } from 'react';

type Props = {
  /** What to show instead of the children once they have thrown. */
  fallback: ReactNode;
  /** A change of this value (the route's id, say) clears the error and renders the children again. */
  resetKey?: unknown;
  children: ReactNode;
};

type State = { failed: boolean; resetKey: unknown };

/** Catches a screen's data errors (a failed query read by usePreloadedQuery) so the screen shows its own message. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return Object.is(props.resetKey, state.resetKey) ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
