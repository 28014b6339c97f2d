import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';

afterEach(cleanup);

let broken = true;
function Screen() {
  if (broken) throw new Error('date illisible');
  return <p>Écran affiché</p>;
}

function Page() {
  const [clicks, setClicks] = useState(0);
  return (
    <MantineProvider>
      <button onClick={() => setClicks((c) => c + 1)}>Navigation {clicks}</button>
      <ScreenErrorBoundary>
        <Screen />
      </ScreenErrorBoundary>
    </MantineProvider>
  );
}

describe('ScreenErrorBoundary', () => {
  it('shows a French message instead of a blank page, and the rest stays usable', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Page />);
    expect(screen.getByTestId('screen-error').textContent).toContain(
      "Cet écran n'a pas pu s'afficher",
    );
    // The shell around it still answers.
    fireEvent.click(screen.getByText('Navigation 0'));
    expect(screen.getByText('Navigation 1')).toBeTruthy();
    // Once the cause is gone, 'Réessayer' draws the screen again.
    broken = false;
    fireEvent.click(screen.getByText('Réessayer'));
    expect(screen.getByText('Écran affiché')).toBeTruthy();
    quiet.mockRestore();
  });
});
