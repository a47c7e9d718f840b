import { Notification, Portal, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { type buildCheckMachine, selectUpdateAvailable } from '#machines/build-check.machine';
import { NewVersionChoices, newVersionMessages } from './new-version-fallback';

/**
 * 'A new version is available — Reload' (docs/decisions/002-build-freshness.md). Renders from the
 * build-check machine (tag `prompt`) and only sends `build.reload` / `build.dismiss`: the app
 * never reloads by surprise, the user chooses.
 */
export interface NewVersionPromptProps {
  actorRef: ActorRefFrom<typeof buildCheckMachine>;
  /** Render in place instead of in a portal fixed to the bottom corner (tests, stories). */
  inline?: boolean;
}

export function NewVersionPrompt({ actorRef, inline = false }: NewVersionPromptProps) {
  const intl = useIntl();
  const open = useSelector(actorRef, selectUpdateAvailable);
  if (!open) return null;
  const title = intl.formatMessage(newVersionMessages.title);
  const notification = (
    <Notification
      role="alertdialog"
      aria-live="polite"
      data-testid="new-version-prompt"
      withCloseButton={false}
      title={title}
      aria-label={title}
      style={inline ? undefined : { position: 'fixed', right: 16, bottom: 16, zIndex: 1000, maxWidth: 380 }}
    >
      {/* The theme's text colour: the notification's own description grey is under 4.5:1. */}
      <Text size="sm" c="var(--mantine-color-text)">
        {intl.formatMessage(newVersionMessages.message)}
      </Text>
      <NewVersionChoices actorRef={actorRef} />
    </Notification>
  );
  return inline ? notification : <Portal>{notification}</Portal>;
}
