/**
 * A component whose code is loaded on demand (a screen, a view, a dialog), shown as soon as its
 * code is there. Not React's `lazy` and `Suspense`: React holds back the content of a Suspense
 * boundary that showed its fallback until 300 ms after that fallback appeared (its throttle of
 * reveals), and the agenda's week waited for it on every start, a third of its load (issue 36).
 * Here the fallback is plain state: the component renders once its code is loaded, at once if it
 * already is (`preload`, started as the page starts).
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

export interface LazyComponent<P> {
  (props: P): ReactNode;
  /** Starts loading the code (once); resolves when it is there. */
  preload(): Promise<ComponentType<P>>;
}

/** `fallback` shows until the code is there: a loader, nothing, or what the props say. */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode | ((props: P) => ReactNode) = null,
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (e: unknown) => {
        // The next mount tries again (a chunk missing from a broken cache, a network hiccup).
        loading = null;
        throw e;
      },
    ));

  function Lazy(props: P): ReactNode {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (Component !== null) return;
      let mounted = true;
      preload().then(
        (component) => mounted && setComponent(() => component),
        (error: unknown) => mounted && setFailure({ error }),
      );
      return () => {
        mounted = false;
      };
    }, [Component]);
    // For the screen's error boundary, as a failed React.lazy would.
    if (failure !== null) throw failure.error;
    if (Component !== null) return <Component {...props} />;
    return typeof fallback === 'function' ? fallback(props) : fallback;
  }
  return Object.assign(Lazy, { preload });
}
