import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';

/**
 * Ingredients as an ordered list, heaviest first, as a label prints them: add, move up or down,
 * remove. Every control is a real button, so it all works by keyboard.
 */
export function IngredientListEditor({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [draft, setDraft] = useState('');

  function add() {
    const parts = draft
      .split(/\n/)
      .map((part) => part.trim())
      .filter(Boolean);
    if (parts.length === 0) return;
    onChange([...value, ...parts]);
    setDraft('');
  }

  function move(index: number, by: -1 | 1) {
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item);
    onChange(next);
  }

  return (
    <div className="space-y-2">
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
        Ingredients
      </label>
      <p id={hintId} className="text-xs text-stone-600 dark:text-stone-400">
        One at a time, heaviest first, as they go on your label. Put sub-ingredients in brackets: flour (wheat, malted barley).
      </p>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={draft}
          aria-describedby={hintId}
          aria-invalid={Boolean(error)}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          placeholder="e.g. blackberries"
          className={inputClasses}
        />
        <Button variant="secondary" onClick={add} disabled={draft.trim() === ''}>
          Add
        </Button>
      </div>
      <FormError>{error}</FormError>
      {value.length > 0 && (
        <ol className="space-y-1" aria-label="Ingredients in label order">
          {value.map((ingredient, index) => (
            <li
              // Ingredients may repeat while being edited; the position is what identifies a row here.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is reordered by position
              key={`${index}-${ingredient}`}
              className="flex items-center gap-2 rounded-lg border border-stone-200 px-3 py-1.5 text-sm dark:border-stone-700"
            >
              <span className="w-6 text-right text-stone-500 dark:text-stone-400">{index + 1}.</span>
              <span className="min-w-0 flex-1 break-words">{ingredient}</span>
              <Button
                variant="ghost"
                size="sm"
                disabled={index === 0}
                aria-label={`Move ${ingredient} up`}
                onClick={() => move(index, -1)}
              >
                ↑
              </Button>
              <Button
                variant="ghost"
                size="sm"
                disabled={index === value.length - 1}
                aria-label={`Move ${ingredient} down`}
                onClick={() => move(index, 1)}
              >
                ↓
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${ingredient}`}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                ✕
              </Button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
