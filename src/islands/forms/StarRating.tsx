import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { Field, describedBy } from './Field.tsx';
import { STAR_MAX, roundStars, starFill } from './stars.ts';
import type { InputStatus } from './status.ts';

export interface StarRatingProps {
  id: string;
  label: ReactNode;
  value: number;
  onChange?(value: number): void;
  status: InputStatus;
  successText?: string;
  message?: string;
  hint?: ReactNode;
  /** 1 by default; a chosen value rounds up to it. */
  increment?: number;
  /** 28px in forms (contract §5). */
  size?: number;
  readOnly?: boolean;
}

const STAR_PATH = 'M12 2.6l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.5l-5.9 3.1 1.2-6.5L2.5 9.5l6.6-.9z';

/**
 * Five stars, 0 to 5 (contract §5). A slider for assistive technology (arrow keys step by the increment);
 * a tap on a star picks the value under the finger, rounded up to the increment. No text "clear"
 * option: Home or the arrow keys go back to 0.
 */
export function StarRating(props: StarRatingProps) {
  const { id, label, value, onChange, status, successText, message, hint, increment = 1, size = 28, readOnly } = props;
  const shown = roundStars(value, increment);
  const set = (next: number) => {
    if (!readOnly && onChange) onChange(roundStars(Math.min(STAR_MAX, Math.max(0, next)), increment));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: increment,
      ArrowUp: increment,
      ArrowLeft: -increment,
      ArrowDown: -increment,
    };
    if (event.key in moves) {
      event.preventDefault();
      const next = shown + (moves[event.key] ?? 0);
      // Rounding up would undo a step down by less than the increment; step on the grid instead.
      set(next <= 0 ? 0 : next);
    } else if (event.key === 'Home') {
      event.preventDefault();
      set(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      set(STAR_MAX);
    }
  };
  const onStarClick = (index: number, event: MouseEvent<HTMLSpanElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const fraction = rect.width > 0 ? (event.clientX - rect.left) / rect.width : 1;
    set(index + Math.min(1, Math.max(0.01, fraction)));
  };
  return (
    <Field id={id} label={label} hint={hint} status={status} successText={successText} message={message} group="group">
      <div
        id={`${id}-slider`}
        className="stars"
        role="slider"
        tabIndex={readOnly ? -1 : 0}
        aria-valuemin={0}
        aria-valuemax={STAR_MAX}
        aria-valuenow={shown}
        aria-valuetext={`${shown} out of ${STAR_MAX} stars`}
        aria-readonly={readOnly ? true : undefined}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy(id, hint)}
        onKeyDown={readOnly ? undefined : onKeyDown}
        style={{ ['--star-size' as string]: `${size}px` }}
      >
        {Array.from({ length: STAR_MAX }, (_, index) => {
          const fill = starFill(shown, index);
          return (
            <span key={index} className="star" onClick={(event) => onStarClick(index, event)} aria-hidden="true">
              <svg viewBox="0 0 24 24" width={size} height={size}>
                <defs>
                  <linearGradient id={`${id}-g${index}`}>
                    <stop offset={`${fill * 100}%`} stopColor="currentColor" />
                    <stop offset={`${fill * 100}%`} stopColor="transparent" />
                  </linearGradient>
                </defs>
                <path
                  d={STAR_PATH}
                  fill={`url(#${id}-g${index})`}
                  stroke="currentColor"
                  strokeWidth="1.5"
                  strokeLinejoin="round"
                />
              </svg>
            </span>
          );
        })}
      </div>
    </Field>
  );
}
