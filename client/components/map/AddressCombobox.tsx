// The address field with its suggestions, as a WAI-ARIA combobox: arrows move through the list, Enter
// chooses the highlighted suggestion (or searches what was typed), Escape closes the list.
import { useId, useState, type KeyboardEvent } from 'react';
import { useAddressSuggestions, type Suggestion } from './useAddressSuggestions';

type Props = {
  value: string;
  onValueChange: (text: string) => void;
  onChoose: (suggestion: Suggestion) => void;
  /** Enter with no suggestion highlighted. */
  onSubmit: () => void;
  sessionToken: string;
  /** Credit the suggestions' data needs (OpenStreetMap via Photon), shown under the list. */
  attribution: string | null;
  hint?: string;
  disabled?: boolean;
};

export function AddressCombobox({ value, onValueChange, onChoose, onSubmit, sessionToken, attribution, hint, disabled }: Props) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const hintId = `${id}-hint`;
  const { suggestions, update, clear } = useAddressSuggestions(sessionToken);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const expanded = open && suggestions.length > 0;
  const highlighted = expanded && active >= 0 && active < suggestions.length ? active : -1;

  const choose = (suggestion: Suggestion) => {
    clear();
    setOpen(false);
    setActive(-1);
    onChoose(suggestion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (suggestions.length === 0) return;
        event.preventDefault();
        setOpen(true);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        const count = suggestions.length;
        setActive((current) => {
          const from = expanded ? current : -1;
          if (from < 0) return step > 0 ? 0 : count - 1;
          return (from + step + count) % count;
        });
        return;
      }
      case 'Enter':
        event.preventDefault();
        if (highlighted >= 0) choose(suggestions[highlighted]);
        else {
          clear();
          setOpen(false);
          onSubmit();
        }
        return;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        return;
    }
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        Property address
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={highlighted >= 0 ? `${listId}-${highlighted}` : undefined}
        aria-describedby={hint ? hintId : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Start typing an address, e.g. 1600 Pennsylvania Avenue"
        value={value}
        disabled={disabled}
        onChange={(event) => {
          onValueChange(event.target.value);
          update(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500"
      />
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {/* Always rendered, so aria-controls names an element; hidden while there is nothing to show. */}
      <div
        className={`absolute right-0 left-0 z-20 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900 ${expanded ? '' : 'hidden'}`}
      >
        <ul id={listId} role="listbox" aria-label="Address suggestions" className="max-h-60 overflow-y-auto py-1">
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.placeId}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === highlighted}
              // mousedown, not click: the input's blur (which closes the list) would come first.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(suggestion);
              }}
              onMouseEnter={() => setActive(index)}
              className={`cursor-pointer px-3 py-2 text-sm ${
                index === highlighted ? 'bg-brand-50 dark:bg-brand-950/60' : 'hover:bg-slate-50 dark:hover:bg-slate-800'
              }`}
            >
              <span className="block font-medium text-slate-900 dark:text-slate-100">{suggestion.mainText}</span>
              {suggestion.secondaryText && (
                <span className="block text-xs text-slate-500 dark:text-slate-400">{suggestion.secondaryText}</span>
              )}
            </li>
          ))}
        </ul>
        {attribution && (
          <p className="border-t border-slate-100 px-3 py-1.5 text-[11px] text-slate-400 dark:border-slate-800 dark:text-slate-500">
            {attribution}
          </p>
        )}
      </div>
    </div>
  );
}
