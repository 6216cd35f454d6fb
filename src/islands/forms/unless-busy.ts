/**
 * A button that does nothing while its call is on its way, and keeps its focus: `disabled` would drop
 * a keyboard user's focus to the page (and Chrome's next Tab then starts from wherever that left it).
 */
export function unlessBusy(busy: boolean, onClick: (() => void) | undefined) {
  return { 'aria-disabled': busy || undefined, onClick: busy ? undefined : onClick } as const;
}
