import { Box } from '@mui/material';
import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

interface Props {
  left: ReactNode;
  right: ReactNode;
  /** Where the chosen width is remembered (localStorage). */
  storageKey: string;
  defaultRight: number;
  minRight?: number;
  maxRight?: number;
  /** The left pane never gets narrower than this. */
  minLeft?: number;
  'aria-label'?: string;
}

/** Keeps a width inside its bounds and inside the container (the left pane keeps `minLeft`). */
export function clampWidth(width: number, bounds: { min: number; max: number; container: number; minLeft: number }): number {
  const max = Math.max(bounds.min, Math.min(bounds.max, bounds.container - bounds.minLeft));
  return Math.round(Math.min(max, Math.max(bounds.min, width)));
}

function storedWidth(key: string, fallback: number): number {
  const value = Number(window.localStorage.getItem(key));
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/**
 * Two panes side by side with a handle between them: drag it, or focus it and use ←/→, to
 * give the right pane more or less room; the width is remembered.
 */
export function SplitPane({ left, right, storageKey, defaultRight, minRight = 300, maxRight = 760, minLeft = 360, ...rest }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(() => storedWidth(storageKey, defaultRight));
  const [dragging, setDragging] = useState(false);

  const apply = useCallback(
    (next: number) => {
      const total = container.current?.clientWidth ?? next + minLeft;
      const clamped = clampWidth(next, { min: minRight, max: maxRight, container: total, minLeft });
      setWidth(clamped);
      window.localStorage.setItem(storageKey, String(clamped));
    },
    [minLeft, minRight, maxRight, storageKey],
  );

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging || !container.current) return;
    const rect = container.current.getBoundingClientRect();
    apply(rect.right - event.clientX);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') apply(width + 24);
    else if (event.key === 'ArrowRight') apply(width - 24);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <Box ref={container} sx={{ display: 'flex', flex: 1, minHeight: 0, minWidth: 0, userSelect: dragging ? 'none' : undefined }} aria-label={rest['aria-label']}>
      <Box sx={{ flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{left}</Box>
      <Box
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize panes"
        aria-valuenow={width}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => setDragging(false)}
        onKeyDown={onKeyDown}
        sx={{
          width: 9,
          flexShrink: 0,
          cursor: 'col-resize',
          display: 'flex',
          justifyContent: 'center',
          '&::after': { content: '""', width: '1px', bgcolor: dragging ? 'primary.main' : 'divider', transition: 'background-color 120ms' },
          '&:hover::after, &:focus-visible::after': { bgcolor: 'primary.main', width: '2px' },
          outline: 'none',
        }}
      />
      <Box sx={{ width, flexShrink: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{right}</Box>
    </Box>
  );
}
