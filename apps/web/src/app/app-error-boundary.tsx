import { Component, type ErrorInfo, type ReactNode } from 'react';

type State = { error: unknown };

/**
 * The outermost safety net: a render error outside the router's own boundaries
 * (the providers, the live-update listeners, the router itself) shows a plain page with a way back
 * instead of a white screen. Route and layout errors are caught closer, inside the router
 * (route-error.tsx), where the header and footer can stay.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown render error') };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('app failed to render', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <main role="alert" style={{ maxWidth: '36rem', margin: '0 auto', padding: '4rem 1rem', textAlign: 'center' }}>
        <h1 style={{ fontSize: '1.5rem', fontWeight: 700 }}>Something went wrong</h1>
        <p style={{ marginTop: '0.5rem' }}>Sorry, the page hit a problem. Your data is safe. Please try again.</p>
        <p style={{ marginTop: '1.5rem', display: 'flex', gap: '0.75rem', justifyContent: 'center', flexWrap: 'wrap' }}>
          <button
            type="button"
            onClick={() => window.location.reload()}
            style={{ padding: '0.5rem 1rem', borderRadius: '0.5rem', background: '#15803d', color: '#fff', fontWeight: 600 }}
          >
            Try again
          </button>
          <a href="/" style={{ padding: '0.5rem 1rem', borderRadius: '0.5rem', border: '1px solid #a8a29e', fontWeight: 600 }}>
            Go to the home page
          </a>
        </p>
      </main>
    );
  }
}
