/**
 * The page's frame: the top bar, the rail on tablets and computers, and the page. Our own
 * rather than Mantine's AppShell, whose responsive machinery (breakpoints, resizing, its
 * scroll-lock classes) the app never used and the first paint loaded (issue 36).
 */
import type { CSSProperties, ReactNode } from 'react';
import classes from './Frame.module.css';

/**
 * The class a fixed element takes so that an open dialog's scroll lock pads it like the page
 * (react-remove-scroll's `zeroRight`), without loading the scroll lock itself at the start.
 */
const SCROLL_LOCK_PADDED = 'right-scroll-bar-position';

export function Frame({
  header,
  headerHeight,
  rail,
  railWidth,
  phone,
  children,
}: {
  header: ReactNode;
  headerHeight: number;
  /** The rail's content; none on a phone or when logged out. */
  rail?: ReactNode;
  railWidth?: number;
  phone: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={classes.frame}
      data-rail={rail === undefined ? undefined : true}
      data-phone={phone || undefined}
      style={
        {
          '--frame-header-height': `${headerHeight}px`,
          '--frame-rail': `${railWidth ?? 0}px`,
        } as CSSProperties
      }
    >
      <header className={`${classes.header} ${SCROLL_LOCK_PADDED}`}>{header}</header>
      {rail !== undefined && <div className={classes.rail}>{rail}</div>}
      <main className={classes.main}>{children}</main>
    </div>
  );
}
