import { Box, Input, PinInput } from '@mantine/core';
import { useId } from 'react';
import { useIntl } from 'react-intl';

export interface OneTimeCodeInputProps {
  /** Number of boxes (one character each). */
  length: number;
  /** 'number' and 'tel' accept digits only; 'text' accepts letters and digits. */
  type?: 'text' | 'number' | 'tel';
  value: string;
  onChange: (value: string) => void;
  /** Called when every box is filled. */
  onComplete?: (value: string) => void;
  label?: string;
  /** Error text shown under the boxes (the boxes get aria-invalid). */
  error?: string;
  name?: string;
  id?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  /** Keeps the code and the focus but refuses edits (e.g. while the code is being checked). */
  readOnly?: boolean;
}

/**
 * One-time-code input (spec §2): Mantine PinInput, one character per box; pasted text is spread
 * over the boxes; numeric only when the type is number or tel (non-digits are refused).
 */
export function OneTimeCodeInput({
  length,
  type = 'text',
  value,
  onChange,
  onComplete,
  label,
  error,
  name,
  id,
  autoFocus,
  disabled,
  readOnly,
}: OneTimeCodeInputProps) {
  const intl = useIntl();
  const generated = useId();
  const baseId = id ?? `otc-${generated.replace(/:/g, '')}`;
  const numeric = type === 'number' || type === 'tel';
  const errorId = `${baseId}-error`;
  const boxLabel = (index: number) =>
    intl.formatMessage(
      {
        id: 'ui.oneTimeCode.box',
        defaultMessage: 'Character {position} of {length}',
        description: 'Accessible name of one box of a one-time-code input',
      },
      { position: index + 1, length },
    );
  const labelId = `${baseId}-label`;
  // Not Input.Wrapper: its context gives every box the wrapper's one id (a duplicate id per box)
  // and points its label at no control. The label names the group of boxes and is the label of
  // the first box; each box keeps its own name (docs/decisions/120-html-conformance.md).
  return (
    // Lets the prerendered page move on to the next box before the app is ready (src/boot).
    <Box data-code-boxes="">
      {label ? (
        <Input.Label htmlFor={`${baseId}-0`} id={labelId}>
          {label}
        </Input.Label>
      ) : null}
      <PinInput
        id={baseId}
        name={name}
        length={length}
        type={numeric ? 'number' : 'alphanumeric'}
        inputMode={numeric ? 'numeric' : 'text'}
        inputType={type === 'tel' ? 'tel' : 'text'}
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        oneTimeCode
        autoFocus={autoFocus}
        disabled={disabled}
        readOnly={readOnly}
        error={Boolean(error)}
        // No border transition: the focus moves on with every character, and the transition's
        // start (a style calculation in the key's frame, then eight transition events React
        // dispatches before the frame is presented: 12 ms of script at 4× CPU) delayed every
        // key's frame (decision 150).
        styles={boxStyles}
        aria-labelledby={label ? labelId : undefined}
        aria-describedby={error ? errorId : undefined}
        getInputProps={(index) => ({
          id: `${baseId}-${index}`,
          'aria-label': boxLabel(index),
          'aria-invalid': error ? true : undefined,
          // Mantine sets each box's aria-describedby from an Input.Wrapper (none here, so it would
          // be undefined): the error is the boxes' error message and describes their group.
          'aria-errormessage': error ? errorId : undefined,
        })}
      />
      {error ? <Input.Error id={errorId}>{error}</Input.Error> : null}
    </Box>
  );
}

const boxStyles = { input: { transition: 'none' } } as const;
