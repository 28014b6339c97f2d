import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component, type ReactNode } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { lazyComponent } from './lazy-component';

afterEach(cleanup);

function Hello({ name }: { name: string }) {
  return <p>Bonjour {name}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ?? this.props.children;
  }
}

describe('lazyComponent', () => {
  it('shows the fallback, then the component with its props once loaded', async () => {
    let resolve!: (c: typeof Hello) => void;
    const Lazy = lazyComponent(() => new Promise<typeof Hello>((r) => (resolve = r)), 'Chargement');
    render(<Lazy name="Alice" />);
    expect(screen.getByText('Chargement')).toBeTruthy();
    resolve(Hello);
    expect(await screen.findByText('Bonjour Alice')).toBeTruthy();
  });

  it('renders at once when preloaded, and loads the code once', async () => {
    let loads = 0;
    const Lazy = lazyComponent(async () => {
      loads++;
      return Hello;
    }, 'Chargement');
    await Lazy.preload();
    render(<Lazy name="Bob" />);
    expect(screen.getByText('Bonjour Bob')).toBeTruthy();
    await Lazy.preload();
    expect(loads).toBe(1);
  });

  it('a fallback may show what the props say', () => {
    const Lazy = lazyComponent<{ children: ReactNode }>(
      () => new Promise(() => undefined),
      (props) => props.children,
    );
    render(<Lazy>seul</Lazy>);
    expect(screen.getByText('seul')).toBeTruthy();
  });

  it('a failed load reaches the error boundary, and the next mount tries again', async () => {
    // React reports the error the boundary catches; expected here.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempt = 0;
    const Lazy = lazyComponent(async () => {
      attempt++;
      if (attempt === 1) throw new Error('morceau manquant');
      return Hello;
    });
    render(
      <Boundary>
        <Lazy name="Carol" />
      </Boundary>,
    );
    expect(await screen.findByText('morceau manquant')).toBeTruthy();
    cleanup();
    render(<Lazy name="Carol" />);
    expect(await screen.findByText('Bonjour Carol')).toBeTruthy();
    reported.mockRestore();
  });
});
