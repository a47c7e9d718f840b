import { Button, Group, Notification, Portal, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { type buildCheckMachine, selectUpdateAvailable } from '../../machines/build-check.machine';

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
  const title = intl.formatMessage({
    id: 'build.newVersion.title',
    defaultMessage: 'A new version is available',
    description: 'Title of the prompt shown when a newer build of the app was published',
  });
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
        <FormattedMessage
          id="build.newVersion.message"
          defaultMessage="Reload the page to get the latest version. Save anything you are working on first."
          description="Body of the new version prompt"
        />
      </Text>
      <Group justify="flex-end" gap="xs" mt="sm">
        <Button variant="default" size="xs" onClick={() => actorRef.send({ type: 'build.dismiss' })}>
          <FormattedMessage
            id="build.newVersion.later"
            defaultMessage="Later"
            description="Dismisses the new version prompt for this version"
          />
        </Button>
        <Button size="xs" onClick={() => actorRef.send({ type: 'build.reload' })}>
          <FormattedMessage
            id="build.newVersion.reload"
            defaultMessage="Reload"
            description="Reloads the page to load the new version of the app"
          />
        </Button>
      </Group>
    </Notification>
  );
  return inline ? notification : <Portal>{notification}</Portal>;
}
