/**
 * Where a mouse or finger drag really ends. @hello-pangea/dnd picks the drop target from the
 * dragged card's whole box: a tall card held by its middle reaches the meal above or below
 * before the finger does (a swap aimed at 'Dîner' landed on 'Goûter'). The week view asks
 * instead which meal lies under the pointer, as a user expects; the keyboard keeps the
 * library's choice.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** The drop target under a point: the innermost element with a `data-drop-target` id. */
export function dropTargetAt(x: number, y: number, draggedId: string): string | null {
  for (const element of document.elementsFromPoint(x, y)) {
    // The dragged card follows the pointer: look through it.
    if (element.closest(`[data-rfd-draggable-id="${CSS.escape(draggedId)}"]`)) continue;
    const target = element.closest('[data-drop-target]');
    if (target) return target.getAttribute('data-drop-target');
  }
  return null;
}

export interface PointerDrag {
  /** Call when a drag starts (with its draggable id). */
  start: (draggedId: string) => void;
  /** Ends the drag: for a pointer drag, the target under the pointer (null: none). */
  stop: () => { pointer: false } | { pointer: true; target: string | null };
  /** During a pointer drag, the target under the pointer (for its highlight); else undefined. */
  hovered: string | null | undefined;
}

export function usePointerDrag(): PointerDrag {
  const dragged = useRef<string | null>(null);
  const point = useRef<{ x: number; y: number } | null>(null);
  const frame = useRef<number | null>(null);
  const [hovered, setHovered] = useState<string | null | undefined>(undefined);

  const onMove = useCallback((event: MouseEvent | TouchEvent) => {
    const at = 'touches' in event ? event.touches[0] : event;
    if (!at) return;
    point.current = { x: at.clientX, y: at.clientY };
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const p = point.current;
      if (p && dragged.current) setHovered(dropTargetAt(p.x, p.y, dragged.current));
    });
  }, []);

  const detach = useCallback(() => {
    window.removeEventListener('mousemove', onMove, true);
    window.removeEventListener('touchmove', onMove, true);
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
  }, [onMove]);

  useEffect(() => detach, [detach]);

  const start = useCallback(
    (draggedId: string) => {
      dragged.current = draggedId;
      point.current = null;
      window.addEventListener('mousemove', onMove, true);
      window.addEventListener('touchmove', onMove, true);
    },
    [onMove],
  );

  const stop = useCallback(() => {
    detach();
    const p = point.current;
    const id = dragged.current;
    dragged.current = null;
    point.current = null;
    setHovered(undefined);
    // No pointer move during the drag: the keyboard moved it.
    return p && id
      ? { pointer: true as const, target: dropTargetAt(p.x, p.y, id) }
      : { pointer: false as const };
  }, [detach]);

  return { start, stop, hovered };
}
