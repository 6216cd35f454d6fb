import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Field, describedBy, frameProps } from './Field.tsx';
import {
  NO_MATCH_OTHER_TEXT,
  NO_MATCH_TEXT,
  OTHER_CHOICE_ID,
  filterChoices,
  namedChoice,
  type Choice,
} from './choices.ts';
import { enterEmits, type InputStatus } from './status.ts';

export interface SearchableDropdownProps<T extends Choice> {
  id: string;
  label: ReactNode;
  items: readonly T[];
  /** The chosen item's id, or null. */
  value: string | null;
  onChange(value: string | null, item: T | null): void;
  status: InputStatus;
  successText?: string;
  message?: string;
  hint?: ReactNode;
  placeholder?: string;
  otherId?: string;
  loading?: boolean;
  onBlur?(): void;
  onEnter?(): void;
}

/**
 * The breed selector of contract §4/§5, as an ARIA combobox with a listbox. Opens on click (or typing,
 * or ArrowDown); closes on a click outside, Escape or a choice. A choice replaces the search box
 * with a 'Selected' badge; pressing the badge clears the choice and searches again. Leaving the box
 * with a search that names one item (its whole name, or the only match) chooses it.
 */
export function SearchableDropdown<T extends Choice>(props: SearchableDropdownProps<T>) {
  const { id, items, value, onChange, status, hint, placeholder, otherId = OTHER_CHOICE_ID } = props;
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const badge = useRef<HTMLButtonElement>(null);
  const refocus = useRef<'input' | 'badge' | null>(null);
  const listId = `${id}-list`;
  const uid = useId();
  const selected = value ? (items.find((item) => item._id === value) ?? null) : null;
  const { items: shown, noMatch } = filterChoices(items, search, otherId);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Focus follows the swap between the search box and the badge.
  useEffect(() => {
    if (refocus.current === 'input') input.current?.focus();
    if (refocus.current === 'badge') badge.current?.focus();
    refocus.current = null;
  });

  useEffect(() => {
    if (!open) return;
    document.getElementById(`${uid}-opt-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open, uid]);

  // What was typed when the box was left before its list had loaded.
  const leftWith = useRef<string | null>(null);
  useEffect(() => {
    const typed = leftWith.current;
    if (typed === null || items.length === 0) return;
    leftWith.current = null;
    const named = namedChoice(items, typed, otherId);
    if (named && !selected) choose(named, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the list arriving decides
  }, [items]);

  /** `item` chosen; the badge takes the focus unless the visitor has already moved it on (a blur). */
  const choose = (item: T, focusBadge = true) => {
    onChange(item._id, item);
    setSearch('');
    setOpen(false);
    if (focusBadge) refocus.current = 'badge';
  };
  const clear = () => {
    onChange(null, null);
    setSearch('');
    setActive(0);
    setOpen(true);
    refocus.current = 'input';
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive((i) => Math.min(shown.length - 1, i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((i) => Math.max(0, i - 1));
        break;
      case 'Home':
        if (open) {
          event.preventDefault();
          setActive(0);
        }
        break;
      case 'End':
        if (open) {
          event.preventDefault();
          setActive(shown.length - 1);
        }
        break;
      case 'Enter': {
        event.preventDefault();
        const item = shown[active];
        if (open && item) choose(item);
        else if (!open && props.onEnter && enterEmits(status)) props.onEnter();
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  return (
    <Field {...frameProps(props)}>
      <div className="dropdown" ref={root}>
        {selected ? (
          <button
            ref={badge}
            type="button"
            id={id}
            className="dropdown-selected"
            onClick={clear}
            // Named by the field's label and the choice, so "Breed Pug Selected" is read, not just "Breed".
            aria-labelledby={`${id}-label ${id}-chosen`}
            aria-describedby={describedBy(id, hint)}
          >
            <ChoiceImage item={selected} />
            <span id={`${id}-chosen`} className="dropdown-selected-name">
              {selected.name} <span className="badge">Selected</span>
              <span className="visually-hidden">, press to choose another</span>
            </span>
          </button>
        ) : (
          <input
            ref={input}
            id={id}
            className="input dropdown-input"
            type="text"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && shown[active] ? `${uid}-opt-${active}` : undefined}
            aria-invalid={status === 4 ? true : undefined}
            aria-describedby={describedBy(id, hint)}
            autoComplete="off"
            placeholder={placeholder}
            value={search}
            onClick={() => setOpen(true)}
            onChange={(event) => {
              setSearch(event.target.value);
              setActive(0);
              setOpen(true);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => {
              leftWith.current = null;
            }}
            onBlur={(event) => {
              // Typed and left (Tab, or a tap on the next field): a search that names one breed is
              // that breed, not lost. The focus has gone on, so it stays where the visitor put it.
              // Left before the list has loaded (a slow phone), it is chosen when the list comes.
              const typed = event.currentTarget.value;
              const named = namedChoice(items, typed, otherId);
              if (named) choose(named, false);
              else if (items.length === 0 && typed.trim()) leftWith.current = typed;
              props.onBlur?.();
            }}
          />
        )}
        {!selected && open ? (
          <div className="dropdown-panel">
            {noMatch ? (
              <div className="dropdown-nomatch" role="status">
                <p>{NO_MATCH_TEXT}</p>
                <p>{NO_MATCH_OTHER_TEXT}</p>
              </div>
            ) : null}
            <ul className="dropdown-list" id={listId} role="listbox" aria-labelledby={`${id}-label`}>
              {props.loading && items.length === 0 ? (
                <li className="dropdown-loading" role="option" aria-selected="false" aria-disabled="true">
                  Loading…
                </li>
              ) : null}
              {shown.map((item, index) => (
                <li
                  key={item._id}
                  id={`${uid}-opt-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className="dropdown-option"
                  data-active={index === active ? 'true' : undefined}
                  // Keep focus in the search box so the listbox pattern stays intact.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(index)}
                  onClick={() => choose(item)}
                >
                  <ChoiceImage item={item} />
                  <span>{item.name}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <ul id={listId} role="listbox" aria-labelledby={`${id}-label`} hidden />
        )}
      </div>
    </Field>
  );
}

function ChoiceImage({ item }: { item: Choice }) {
  if (item.image_url_s3) {
    return (
      <img
        className="choice-image"
        src={item.image_url_s3}
        alt=""
        width={36}
        height={36}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span className="choice-image choice-image--initial" aria-hidden="true">
      {item.name
        .replace(/[^A-Za-z]/g, '')
        .charAt(0)
        .toUpperCase() || '?'}
    </span>
  );
}
