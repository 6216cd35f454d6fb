import { useRef, useState, type MouseEvent, type PointerEvent } from 'react';

/** How far a pointer goes before a press becomes a drag, in pixels. */
const DRAG_THRESHOLD = 6;

/**
 * Dragging a card up or down the day grid by whole rows (decision 060): the whole card with a mouse
 * or pen, only its grip on touch (so a finger still scrolls the page). While dragging, `offset` is
 * the distance in pixels (whole rows); on release `onDrop` gets the rows moved, and `saving` holds
 * until it is done. The click that ends a drag does not open the card.
 */
export function useCardDrag({
  enabled,
  rowHeight,
  onDrop,
}: {
  enabled: boolean;
  rowHeight: number;
  onDrop(rows: number): Promise<void>;
}) {
  const drag = useRef<{ y: number; pointer: number; moved: boolean } | null>(null);
  const dragged = useRef(false);
  const [offset, setOffset] = useState(0);
  const [saving, setSaving] = useState(false);

  const handlers = {
    onPointerDown(e: PointerEvent<HTMLElement>) {
      if (!enabled || e.button !== 0) return;
      if (e.pointerType === 'touch' && !(e.target as HTMLElement).closest('.sched-card__grip')) return;
      drag.current = { y: e.clientY, pointer: e.pointerId, moved: false };
    },
    onPointerMove(e: PointerEvent<HTMLElement>) {
      const d = drag.current;
      if (!d || d.pointer !== e.pointerId) return;
      const dy = e.clientY - d.y;
      if (!d.moved && Math.abs(dy) < DRAG_THRESHOLD) return;
      if (!d.moved) e.currentTarget.setPointerCapture(e.pointerId);
      d.moved = true;
      setOffset(Math.round(dy / rowHeight) * rowHeight);
    },
    onPointerUp(e: PointerEvent<HTMLElement>) {
      const d = drag.current;
      drag.current = null;
      if (!d?.moved) return;
      e.preventDefault();
      dragged.current = true;
      const rows = Math.round((e.clientY - d.y) / rowHeight);
      if (!rows) return setOffset(0);
      setSaving(true);
      void onDrop(rows).finally(() => {
        setSaving(false);
        setOffset(0);
      });
    },
    onPointerCancel() {
      drag.current = null;
      setOffset(0);
    },
    onClickCapture(e: MouseEvent<HTMLElement>) {
      if (dragged.current) e.stopPropagation();
      dragged.current = false;
    },
  };
  return { offset, saving, handlers };
}
