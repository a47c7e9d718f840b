import { Alert, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { PortalConfiguration } from '#machines/domain';
import { practiceDisplayName } from '#machines/practice-flow';
import {
  selectBusyKey,
  selectInvites,
  selectPractices,
  selectSwitchError,
  type switchPracticeMachine,
} from '#machines/switch-practice.machine';
import { CardGrid } from '../../ui/card-grid';
import { useRuntimeConfig } from '../../ui/runtime-config';
import { BusyView } from '../shared/busy-view';

export const switchPracticeMessages = defineMessages({
  title: {
    id: 'switchPractice.page.title',
    defaultMessage: 'Switch practice',
    description: 'Heading of the /switch-practice page',
  },
  loading: {
    id: 'switchPractice.page.loading',
    defaultMessage: 'Loading your practices…',
    description: 'Spinner label while the practices and invites load',
  },
  invitesTitle: {
    id: 'switchPractice.page.invites.title',
    defaultMessage: 'Pending invites',
    description: 'Heading of the pending invites section',
  },
  invitesEmpty: {
    id: 'switchPractice.page.invites.empty',
    defaultMessage: 'You have no pending invites.',
    description: 'Empty state of the pending invites section',
  },
  invitesUnverified: {
    id: 'switchPractice.page.invites.unverified',
    defaultMessage: 'Please verify your email address to see the invites sent to you.',
    description: 'Shown instead of the invites to a user whose email is not verified',
  },
  verifyEmail: {
    id: 'switchPractice.page.invites.verifyEmail',
    defaultMessage: 'Verify my email',
    description: 'Button: go to the email verification screen',
  },
  acceptInvite: {
    id: 'switchPractice.page.invites.accept',
    defaultMessage: 'Accept invite',
    description: 'Button on a pending invite card: join that practice',
  },
  practicesTitle: {
    id: 'switchPractice.page.practices.title',
    defaultMessage: 'Your practices',
    description: 'Heading of the current practices section',
  },
  practicesEmpty: {
    id: 'switchPractice.page.practices.empty',
    defaultMessage: 'You are not a member of any practice yet.',
    description: 'Empty state of the current practices section',
  },
  registerPractice: {
    id: 'switchPractice.page.practices.register',
    defaultMessage: 'Register a practice',
    description: 'Button in the empty state: start registering a new practice',
  },
  openPractice: {
    id: 'switchPractice.page.practices.open',
    defaultMessage: 'Open',
    description: 'Button on a practice card: make it the active practice and go to its environment',
  },
  inviteCodeTitle: {
    id: 'switchPractice.page.inviteCode.title',
    defaultMessage: 'Have an invite code?',
    description: 'Heading of the join-with-an-invite-code section',
  },
  inviteCodeButton: {
    id: 'switchPractice.page.inviteCode.button',
    defaultMessage: 'Join with an invite code',
    description: 'Button: go to /invite-code',
  },
  loadFailed: {
    id: 'switchPractice.page.error.load',
    defaultMessage: 'We could not load your practices.',
    description: 'Error when the practice list could not be loaded',
  },
  retry: {
    id: 'switchPractice.page.error.retry',
    defaultMessage: 'Try again',
    description: 'Button: load the practice list again',
  },
  activateFailed: {
    id: 'switchPractice.page.error.activate',
    defaultMessage: 'We could not switch to that practice, please try again.',
    description: 'Error when setting the active practice failed',
  },
  acceptFailed: {
    id: 'switchPractice.page.error.accept',
    defaultMessage: 'We could not accept that invite, please try again.',
    description: 'Error when accepting an invite failed',
  },
});

const m = switchPracticeMessages;

const acceptInviteLabel = defineMessage<{ practiceName: string }>({
  id: 'switchPractice.page.invites.acceptLabel',
  defaultMessage: 'Accept invite to {practiceName}',
  description: 'Accessible name of the accept button of an invite card',
});

const openPracticeLabel = defineMessage<{ practiceName: string }>({
  id: 'switchPractice.page.practices.openLabel',
  defaultMessage: 'Open {practiceName}',
  description: 'Accessible name of the open button of a practice card',
});

type Snapshot = Parameters<typeof selectPractices>[0];
const selectLoading = (s: Snapshot) => s.hasTag('busy') && !selectBusyKey(s);
const selectFailed = (s: Snapshot) => s.context.errorCode === 'load_failed' && !s.hasTag('busy');
const selectEmail = (s: Snapshot) => s.context.email?.address ?? null;
const selectInvitesVisible = (s: Snapshot) => s.hasTag('invitesVisible');
const selectUnverified = (s: Snapshot) => s.hasTag('emailUnverified');

export type SwitchPracticeActor = ActorRefFrom<typeof switchPracticeMachine>;

export interface SwitchPracticeViewProps {
  actor: SwitchPracticeActor;
  /** Whether the lists are live (the connection gate); left out where there is no connection. */
  liveStatus?: ReactNode;
}

/** /switch-practice — a thin view of machines/switch-practice.machine.ts (its actor from the route's screen). */
export function SwitchPracticeView({ actor, liveStatus }: SwitchPracticeViewProps) {
  const intl = useIntl();
  const config = useRuntimeConfig();
  const loading = useSelector(actor, selectLoading);
  const failed = useSelector(actor, selectFailed);
  const practices = useSelector(actor, selectPractices);
  const invites = useSelector(actor, selectInvites);
  const email = useSelector(actor, selectEmail);
  const invitesVisible = useSelector(actor, selectInvitesVisible);
  const unverified = useSelector(actor, selectUnverified);
  const busyKey = useSelector(actor, selectBusyKey);
  const error = useSelector(actor, selectSwitchError);
  const portals: readonly PortalConfiguration[] = config.app.portals;
  const rule = { email, productDomain: config.app.productDomain, portals };
  const busy = busyKey !== null;

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Title order={1}>{intl.formatMessage(m.title)}</Title>
        {failed ? (
          <Alert color="red" role="alert" title={intl.formatMessage(m.loadFailed)}>
            <Button variant="light" onClick={() => actor.send({ type: 'switchPractice.retry' })}>
              {intl.formatMessage(m.retry)}
            </Button>
          </Alert>
        ) : loading ? (
          <BusyView heading={intl.formatMessage(m.loading)} />
        ) : (
          <>
            {liveStatus}
            {error === 'activate_failed' || error === 'accept_failed' ? (
              <Alert color="red" role="alert">
                {intl.formatMessage(error === 'activate_failed' ? m.activateFailed : m.acceptFailed)}
              </Alert>
            ) : null}

            <section aria-labelledby="switch-invites">
              <Stack gap="sm">
                <Title order={2} id="switch-invites">
                  {intl.formatMessage(m.invitesTitle)}
                </Title>
                {unverified ? (
                  <Alert color="yellow">
                    <Stack gap="xs" align="flex-start">
                      <Text>{intl.formatMessage(m.invitesUnverified)}</Text>
                      <Button variant="light" onClick={() => actor.send({ type: 'email.verify' })}>
                        {intl.formatMessage(m.verifyEmail)}
                      </Button>
                    </Stack>
                  </Alert>
                ) : invitesVisible && invites.length === 0 ? (
                  <Text c="dimmed">{intl.formatMessage(m.invitesEmpty)}</Text>
                ) : (
                  <CardGrid data-testid="invite-list">
                    {invites.map((invite) => (
                      <Card key={invite.practiceKey} withBorder padding="lg" data-testid="invite-card">
                        <Stack gap="sm">
                          <Text fw={600}>{invite.practiceName}</Text>
                          <Button
                            onClick={() =>
                              actor.send({ type: 'invite.accept', practiceKey: invite.practiceKey })
                            }
                            loading={busyKey === invite.practiceKey}
                            disabled={busy && busyKey !== invite.practiceKey}
                            aria-label={intl.formatMessage(acceptInviteLabel, {
                              practiceName: invite.practiceName,
                            })}
                          >
                            {intl.formatMessage(m.acceptInvite)}
                          </Button>
                        </Stack>
                      </Card>
                    ))}
                  </CardGrid>
                )}
              </Stack>
            </section>

            <section aria-labelledby="switch-practices">
              <Stack gap="sm">
                <Title order={2} id="switch-practices">
                  {intl.formatMessage(m.practicesTitle)}
                </Title>
                {practices.length === 0 ? (
                  <Stack gap="xs" align="flex-start">
                    <Text c="dimmed">{intl.formatMessage(m.practicesEmpty)}</Text>
                    <Button variant="light" onClick={() => actor.send({ type: 'practice.register' })}>
                      {intl.formatMessage(m.registerPractice)}
                    </Button>
                  </Stack>
                ) : (
                  <CardGrid data-testid="practice-list">
                    {practices.map((practice) => {
                      const name = practiceDisplayName(practice, rule);
                      return (
                        <Card key={practice.practiceKey} withBorder padding="lg" data-testid="practice-card">
                          <Stack gap="sm">
                            <Text fw={600}>{name}</Text>
                            <Group>
                              <Button
                                onClick={() =>
                                  actor.send({ type: 'practice.choose', practiceKey: practice.practiceKey })
                                }
                                loading={busyKey === practice.practiceKey}
                                disabled={busy && busyKey !== practice.practiceKey}
                                aria-label={intl.formatMessage(openPracticeLabel, { practiceName: name })}
                              >
                                {intl.formatMessage(m.openPractice)}
                              </Button>
                            </Group>
                          </Stack>
                        </Card>
                      );
                    })}
                  </CardGrid>
                )}
              </Stack>
            </section>

            <section aria-labelledby="switch-invite-code">
              <Stack gap="sm" align="flex-start">
                <Title order={2} id="switch-invite-code">
                  {intl.formatMessage(m.inviteCodeTitle)}
                </Title>
                <Button variant="default" onClick={() => actor.send({ type: 'inviteCode.open' })}>
                  {intl.formatMessage(m.inviteCodeButton)}
                </Button>
              </Stack>
            </section>
          </>
        )}
      </Stack>
    </Container>
  );
}
