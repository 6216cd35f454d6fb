/**
 * "With Biscuit" beside a dog booked with others (decision 082): a link icon and the other dogs'
 * names, so a household's dogs read as one booking on the grid, the week and the counter's window.
 * The icon only repeats the words.
 */
export function PartyMark({ text, className = 'sched-chip sched-chip--party' }: { text: string; className?: string }) {
  if (!text) return null;
  return (
    <span className={className}>
      <svg className="sched-party-icon" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
        <path
          d="M6.5 9.5l3-3M7 4.5l1.2-1.2a2.5 2.5 0 013.5 3.5L10.5 8M9 11.5l-1.2 1.2a2.5 2.5 0 01-3.5-3.5L5.5 8"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </svg>
      {text}
    </span>
  );
}
