/**
 * The shell's tooltips (the navigation's labels, the sync indicator's last sync): Mantine's
 * Tooltip brings its floating positioning (about 15 kB gzip) that the first paint does not
 * need (issue 36). Until its chunk is loaded, a moment after the start, the child shows alone;
 * then the same child with its tooltip.
 */
import { useEffect, useState, type ComponentProps } from 'react';
import type { Tooltip } from '@mantine/core';

type TooltipComponent = typeof Tooltip;

let loaded: TooltipComponent | null = null;
let loading: Promise<TooltipComponent> | null = null;

function loadTooltip(): Promise<TooltipComponent> {
  loading ??= import('./tooltip-chunk').then(
    (m) => (loaded = m.Tooltip),
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

export function ShellTooltip(props: ComponentProps<TooltipComponent>) {
  const [Loaded, setLoaded] = useState<TooltipComponent | null>(() => loaded);
  useEffect(() => {
    if (Loaded !== null) return;
    let mounted = true;
    loadTooltip().then(
      (component) => mounted && setLoaded(() => component),
      () => undefined, // No tooltip, the label stays; the next mount tries again.
    );
    return () => {
      mounted = false;
    };
  }, [Loaded]);
  return Loaded === null ? props.children : <Loaded {...props} />;
}
