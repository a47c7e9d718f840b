import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

export interface YesNoProps {
  /** true = yes, false = no, null = not answered yet. */
  value: boolean | null;
  onChange: (value: boolean) => void;
  /** Accessible name of the group (the question). */
  label: string;
  yesLabel?: ReactNode;
  noLabel?: ReactNode;
  disabled?: boolean;
  size?: ButtonProps['size'];
}

/** Yes/no button group (spec §2): Mantine Button.Group; the chosen answer is filled and aria-pressed. */
export function YesNo({ value, onChange, label, yesLabel, noLabel, disabled, size }: YesNoProps) {
  const intl = useIntl();
  const yes =
    yesLabel ??
    intl.formatMessage({ id: 'ui.yesNo.yes', defaultMessage: 'Yes', description: 'Yes/no group: yes' });
  const no =
    noLabel ??
    intl.formatMessage({ id: 'ui.yesNo.no', defaultMessage: 'No', description: 'Yes/no group: no' });
  return (
    <Button.Group aria-label={label}>
      <Button
        variant={value === true ? 'filled' : 'default'}
        aria-pressed={value === true}
        onClick={() => onChange(true)}
        disabled={disabled}
        size={size}
      >
        {yes}
      </Button>
      <Button
        variant={value === false ? 'filled' : 'default'}
        aria-pressed={value === false}
        onClick={() => onChange(false)}
        disabled={disabled}
        size={size}
      >
        {no}
      </Button>
    </Button.Group>
  );
}
