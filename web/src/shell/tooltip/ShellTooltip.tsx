/**
 * The shell's tooltips (the navigation's labels, the sync indicator's last sync): a label shown
 * beside its element while the mouse is over it, as Mantine's Tooltip shows it, without its
 * floating positioning library. The shell's places need none of it (the rail's labels go to its
 * right, the indicator's under it, kept inside the window), and the first paint then loads no
 * tooltip code at all (issue 36). The element keeps its place in the tree whether the label
 * shows or not: nothing is swapped under a click.
 */
import {
  Children,
  cloneElement,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import classes from './ShellTooltip.module.css';

/** Between the element and its label (room for the arrow). */
const GAP_PX = 8;
/** The least room kept between the label and the window's edge. */
const EDGE_PX = 8;

export interface ShellTooltipProps {
  label: ReactNode;
  /** Where the label goes: to the element's right (the rail), or under it. */
  position?: 'right' | 'bottom';
  withArrow?: boolean;
  /** The label wraps, at most this wide. */
  multiline?: boolean;
  w?: number | undefined;
  /** One element, which receives the mouse handlers. */
  children: ReactElement<{
    onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
    onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  }>;
}

export function ShellTooltip({
  label,
  position = 'bottom',
  withArrow = false,
  multiline = false,
  w,
  children,
}: ShellTooltipProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const child = Children.only(children);
  const { onMouseEnter, onMouseLeave } = child.props;
  return (
    <>
      {cloneElement(child, {
        onMouseEnter: (event: MouseEvent<HTMLElement>) => {
          onMouseEnter?.(event);
          setAnchor(event.currentTarget);
        },
        onMouseLeave: (event: MouseEvent<HTMLElement>) => {
          onMouseLeave?.(event);
          setAnchor(null);
        },
      })}
      {anchor !== null &&
        createPortal(
          <Tip
            anchor={anchor}
            position={position}
            withArrow={withArrow}
            multiline={multiline}
            w={w}
            onDismiss={() => setAnchor(null)}
          >
            {label}
          </Tip>,
          document.body,
        )}
    </>
  );
}

function Tip({
  anchor,
  position,
  withArrow,
  multiline,
  w,
  onDismiss,
  children,
}: {
  anchor: HTMLElement;
  position: 'right' | 'bottom';
  withArrow: boolean;
  multiline: boolean;
  w: number | undefined;
  onDismiss: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState(() => anchor.getBoundingClientRect());
  const [shift, setShift] = useState(0);
  // The element may change size while its label shows (the rail widens under the mouse).
  useLayoutEffect(() => {
    const observer = new ResizeObserver(() => setBox(anchor.getBoundingClientRect()));
    observer.observe(anchor);
    return () => observer.disconnect();
  }, [anchor]);
  // Under the element, centred on it, but kept inside the window (the indicator sits in its
  // corner): measured once drawn, moved before the browser paints.
  useLayoutEffect(() => {
    if (position !== 'bottom' || ref.current === null) return;
    const drawn = ref.current.getBoundingClientRect();
    const overRight = drawn.right - shift - (window.innerWidth - EDGE_PX);
    const overLeft = EDGE_PX - (drawn.left - shift);
    setShift(overRight > 0 ? -overRight : overLeft > 0 ? overLeft : 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- measured from where it would be without the shift
  }, [position, box]);
  // Escape hides it, as hover content must be dismissible (WCAG 1.4.13).
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onDismiss]);
  const style =
    position === 'right'
      ? {
          left: box.right + GAP_PX,
          top: box.top + box.height / 2,
          transform: 'translateY(-50%)',
        }
      : {
          left: box.left + box.width / 2 + shift,
          top: box.bottom + GAP_PX,
          transform: 'translateX(-50%)',
          ['--tip-arrow-x' as string]: `calc(50% - ${shift}px)`,
        };
  return (
    <div
      ref={ref}
      role="tooltip"
      className={classes.tip}
      data-position={position}
      data-arrow={withArrow || undefined}
      data-multiline={multiline || undefined}
      style={{ ...style, ...(w !== undefined ? { width: w } : {}) }}
    >
      {children}
    </div>
  );
}
