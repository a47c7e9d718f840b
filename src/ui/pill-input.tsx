import { Pill, PillsInput, type PillsInputProps } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { useIntl } from 'react-intl';

export interface PillInputProps extends Omit<PillsInputProps, 'value' | 'onChange' | 'children'> {
  value: readonly string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  /** Characters that finish a pill besides Enter (default comma). */
  separators?: readonly string[];
}

/**
 * Pill input (spec §2): Mantine PillsInput. Typing then Enter (or a separator) adds a pill,
 * Backspace in the empty field removes the last one, each pill has a remove button, pasted text
 * is split on the separators. Duplicates and blanks are ignored.
 */
export function PillInput({ value, onChange, placeholder, separators = [','], ...rest }: PillInputProps) {
  const intl = useIntl();
  const [draft, setDraft] = useState('');
  const add = (items: readonly string[]) => {
    const next = [...value];
    for (const item of items.map((i) => i.trim())) {
      if (item !== '' && !next.includes(item)) next.push(item);
    }
    if (next.length !== value.length) onChange(next);
    setDraft('');
  };
  const split = (text: string) => {
    let parts = [text];
    for (const sep of separators) parts = parts.flatMap((p) => p.split(sep));
    return parts;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || separators.includes(event.key)) {
      event.preventDefault();
      add([draft]);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <PillsInput {...rest}>
      <Pill.Group>
        {value.map((item) => (
          <Pill
            key={item}
            withRemoveButton
            onRemove={() => onChange(value.filter((v) => v !== item))}
            removeButtonProps={{
              // Mantine hides the remove button from assistive tech; make it a real, focusable button.
              'aria-hidden': false,
              tabIndex: 0,
              'aria-label': intl.formatMessage(
                {
                  id: 'ui.pillInput.remove',
                  defaultMessage: 'Remove {item}',
                  description: 'Remove button of a pill',
                },
                { item },
              ),
            }}
          >
            {item}
          </Pill>
        ))}
        <PillsInput.Field
          value={draft}
          placeholder={placeholder}
          onChange={(e) => {
            const text = e.currentTarget.value;
            if (separators.some((s) => text.includes(s))) {
              const parts = split(text);
              const last = parts.pop() ?? '';
              add(parts);
              setDraft(last);
            } else setDraft(text);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => draft.trim() !== '' && add([draft])}
        />
      </Pill.Group>
    </PillsInput>
  );
}
