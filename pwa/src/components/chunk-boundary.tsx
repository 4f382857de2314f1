import { Component, type ReactNode } from 'react';

/**
 * Around code loaded on demand (`lazy`): when its chunk cannot load (no network on a first visit, a chunk
 * gone after a deploy), what it would have drawn is left out, and `onError` may say so, instead of the
 * error unmounting the whole page (React's answer to an error no boundary catches: a blank page).
 */
export class ChunkBoundary extends Component<{ children: ReactNode; fallback?: ReactNode; onError?: (error: unknown) => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }

  override render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
