import { Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { defineMessages, useIntl } from 'react-intl';
import { type LandingActor, selectLandingView } from '#machines/landing.machine';
import { LoginChooser } from '../../ui/login-chooser';
import { BusyView } from '../shared/busy-view';

const messages = defineMessages({
  title: {
    id: 'landing.page.title',
    defaultMessage: 'Welcome',
    description: 'Landing page heading for a signed-out visitor',
  },
  intro: {
    id: 'landing.page.intro',
    defaultMessage: 'Sign in to continue to your practice.',
    description: 'Landing page text above the login method buttons',
  },
  loading: {
    id: 'landing.page.loading',
    defaultMessage: 'Finding your practice…',
    description: 'Landing page spinner label while the active practice is looked up or the browser leaves',
  },
  noActivePracticeTitle: {
    id: 'landing.page.noActivePractice.title',
    defaultMessage: 'No active practice',
    description: 'Landing page heading when the signed-in user has no active practice',
  },
  noActivePracticeText: {
    id: 'landing.page.noActivePractice.text',
    defaultMessage: 'You have no active practice yet. Taking you to your practices…',
    description: 'Landing page text shown during the delay before going to /switch-practice',
  },
});

/** `/` — a thin view of the landing machine (machines/landing.machine.ts); the route owns the actor. */
export function LandingView({ actor }: { actor: LandingActor }) {
  const intl = useIntl();
  const view = useSelector(actor, selectLandingView);
  if (view === 'chooser') {
    return (
      <Container size="xs" py="xl">
        <Stack align="center" gap="md">
          <Title order={1}>{intl.formatMessage(messages.title)}</Title>
          <Text c="dimmed">{intl.formatMessage(messages.intro)}</Text>
          <LoginChooser
            mode="login"
            onChoose={(connection) => actor.send({ type: 'login.choose', connection })}
          />
        </Stack>
      </Container>
    );
  }
  if (view === 'noActivePractice') {
    return (
      <Container size="xs" py="xl">
        <Stack align="center" gap="md" role="status" aria-live="polite">
          <Title order={1}>{intl.formatMessage(messages.noActivePracticeTitle)}</Title>
          <Text>{intl.formatMessage(messages.noActivePracticeText)}</Text>
          <Loader aria-hidden="true" />
        </Stack>
      </Container>
    );
  }
  return <BusyView page heading={intl.formatMessage(messages.loading)} />;
}
