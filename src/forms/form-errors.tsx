import { Alert, List } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { FormErrorMessage } from './server-errors';

/** The messages a form shows under its fields (from `applyServerErrors`); nothing when empty. */
export function FormErrors({ messages }: { messages: readonly FormErrorMessage[] }) {
  const intl = useIntl();
  if (messages.length === 0) return null;
  const texts = messages.map((m) => (typeof m === 'string' ? m : intl.formatMessage(m)));
  return (
    <Alert color="red" role="alert" variant="light">
      {texts.length === 1 ? (
        texts[0]
      ) : (
        <List size="sm">
          {texts.map((t, i) => (
            // Messages may repeat; their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: static list rendered once per error
            <List.Item key={i}>{t}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
