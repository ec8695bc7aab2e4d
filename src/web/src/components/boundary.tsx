import { Component, type ReactNode } from 'react';

/** A page that throws while rendering shows what happened instead of a blank screen. */
export class PageBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="error-box" role="alert">
        <p>This page failed to show: {this.state.error.message}</p>
        <p>
          <a href="/app/">Back to the home page</a>
        </p>
      </div>
    );
  }
}
