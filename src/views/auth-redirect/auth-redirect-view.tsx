import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import {
  type authRedirectMachine,
  selectAlternate,
  selectRedirectError,
} from '#machines/auth-redirect.machine';
import { methodNameMessages } from '../session/method-names';
import { SignInFailed } from '../session/sign-in-failed';
import { signInMessages } from '../session/sign-in-messages';

/** /auth/redirect (spec §2): return point from the identity provider; the route owns the actor. */
export function AuthRedirectView({ actor }: { actor: ActorRefFrom<typeof authRedirectMachine> }) {
  const intl = useIntl();
  const state = useSelector(actor, (s) =>
    s.matches('failed') ? 'failed' : s.matches('wrongProvider') ? 'wrongProvider' : 'busy',
  );
  const errorCode = useSelector(actor, selectRedirectError);
  const alternate = useSelector(actor, selectAlternate);

  if (state === 'failed') {
    return (
      <SignInFailed
        errorCode={errorCode}
        onRetry={() => actor.send({ type: 'redirect.retry' })}
        onHome={() => actor.send({ type: 'redirect.home' })}
      />
    );
  }

  if (state === 'wrongProvider' && alternate) {
    const method = intl.formatMessage(methodNameMessages[alternate.method]);
    return (
      <Center mih="60vh" p="md">
        <Stack align="center" gap="md" maw={480} w="100%">
          <Title order={1}>
            <FormattedMessage
              id="authRedirect.page.alternateTitle"
              defaultMessage="This email is registered with {method}"
              description="Heading when the user signed in with another method than the one their email uses; {method} is e.g. Google"
              values={{ method }}
            />
          </Title>
          <Text>
            <FormattedMessage
              id="authRedirect.page.alternateText"
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
                id="authRedirect.page.useAlternate"
                defaultMessage="Sign in with {method}"
                description="Button: sign in with the method the email is registered with"
                values={{ method }}
              />
            </Button>
            <Button variant="default" onClick={() => actor.send({ type: 'redirect.continue' })}>
              <FormattedMessage
                id="authRedirect.page.continueAnyway"
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
        <Loader role="status" aria-label={intl.formatMessage(signInMessages.spinnerLabel)} />
        <Title order={1} size="md" fw={400} c="dimmed">
          {intl.formatMessage(signInMessages.signingIn)}
        </Title>
      </Stack>
    </Center>
  );
}
