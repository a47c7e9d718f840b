import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import {
  type authRedirectMachine,
  selectAlternate,
  selectRedirectError,
} from '../../../machines/auth-redirect.machine';
import { useAuthRedirectActor } from '../../app/live/auth-screens';
import { authErrorMessage } from './auth-error-messages';
import { methodNameMessages } from './method-names';

/** /auth/redirect (spec §2): return point from the identity provider. */
export function AuthRedirectPage() {
  const actor = useAuthRedirectActor();
  return <AuthRedirectView actor={actor} />;
}

/** The screen for a running auth-redirect actor (rendered alone by the view path tests). */
export function AuthRedirectView({ actor }: { actor: ActorRefFrom<typeof authRedirectMachine> }) {
  const intl = useIntl();
  const state = useSelector(actor, (s) =>
    s.matches('failed') ? 'failed' : s.matches('wrongProvider') ? 'wrongProvider' : 'busy',
  );
  const errorCode = useSelector(actor, selectRedirectError);
  const alternate = useSelector(actor, selectAlternate);

  if (state === 'failed') {
    return (
      <Center mih="60vh" p="md">
        <Stack align="center" gap="md" maw={480}>
          <Title order={1}>
            <FormattedMessage
              id="auth.redirect.failedTitle"
              defaultMessage="We couldn't sign you in"
              description="Heading of the sign-in return page when signing in failed"
            />
          </Title>
          <Alert color="red" w="100%" role="alert" data-error-code={errorCode ?? ''}>
            {intl.formatMessage(authErrorMessage(errorCode))}
          </Alert>
          <Group>
            <Button onClick={() => actor.send({ type: 'redirect.retry' })}>
              <FormattedMessage
                id="auth.redirect.signInAgain"
                defaultMessage="Sign in again"
                description="Button: start signing in again after a failed sign-in"
              />
            </Button>
            <Button variant="default" onClick={() => actor.send({ type: 'redirect.home' })}>
              <FormattedMessage
                id="auth.redirect.home"
                defaultMessage="Go to the home page"
                description="Button: leave the failed sign-in page for the home page"
              />
            </Button>
          </Group>
        </Stack>
      </Center>
    );
  }

  if (state === 'wrongProvider' && alternate) {
    const method = intl.formatMessage(methodNameMessages[alternate.method]);
    return (
      <Center mih="60vh" p="md">
        <Stack align="center" gap="md" maw={480}>
          <Title order={1}>
            <FormattedMessage
              id="auth.redirect.alternateTitle"
              defaultMessage="This email is registered with {method}"
              description="Heading when the user signed in with another method than the one their email uses; {method} is e.g. Google"
              values={{ method }}
            />
          </Title>
          <Text>
            <FormattedMessage
              id="auth.redirect.alternateText"
              defaultMessage="Sign in with {method} to use your existing account."
              description="Explains which login method to use"
              values={{ method }}
            />
          </Text>
          <Group>
            <Button
              data-method={alternate.method}
              onClick={() => actor.send({ type: 'redirect.useAlternate' })}
            >
              <FormattedMessage
                id="auth.redirect.useAlternate"
                defaultMessage="Sign in with {method}"
                description="Button: sign in with the method the email is registered with"
                values={{ method }}
              />
            </Button>
            <Button variant="default" onClick={() => actor.send({ type: 'redirect.continue' })}>
              <FormattedMessage
                id="auth.redirect.continueAnyway"
                defaultMessage="Continue with this account"
                description="Button: keep the account just signed in with"
              />
            </Button>
          </Group>
        </Stack>
      </Center>
    );
  }

  return (
    <Center mih="60vh" aria-busy="true">
      <Stack align="center" gap="sm">
        <Loader
          aria-label={intl.formatMessage({
            id: 'auth.redirect.loading',
            defaultMessage: 'Signing you in',
            description: 'Accessible label of the spinner on the sign-in return page',
          })}
        />
        <Text c="dimmed">
          <FormattedMessage
            id="auth.redirect.signingIn"
            defaultMessage="Signing you in..."
            description="Shown on the sign-in return page while the session is established"
          />
        </Text>
      </Stack>
    </Center>
  );
}
