import { Component, type ReactNode } from 'react';
import { i18n } from '../i18n';

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
        <p>{i18n.t('boundary.failed', { message: this.state.error.message })}</p>
        <p>
          <a href="/app/">{i18n.t('boundary.back')}</a>
        </p>
      </div>
    );
  }
}
