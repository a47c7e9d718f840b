import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { defineMessages, useIntl } from 'react-intl';
import { type JoinPracticeActor, selectJoinPracticeUser } from '#machines/join-practice.machine';
import { LoginChooser } from '../../ui/login-chooser';
import { BusyView } from '../shared/busy-view';
import { ProfileStepForm } from '../shared/profile-step-form';
import { useJoinPracticeView } from './use-join-practice-view';

export const joinPracticeLinkMessages = defineMessages({
  signupTitle: {
    id: 'joinPractice.link.signup.title',
    defaultMessage: "You've been invited to join a practice",
    description: 'Invite page heading for a signed-out visitor',
  },
  signupText: {
    id: 'joinPractice.link.signup.text',
    defaultMessage: 'Create your account, or sign in if you already have one, to accept the invite.',
    description: 'Invite page text above the sign-up method buttons',
  },
  profileTitle: {
    id: 'joinPractice.link.profile.title',
    defaultMessage: 'Create your profile',
    description: 'Invite page heading above the profile form',
  },
  loading: {
    id: 'joinPractice.link.loading',
    defaultMessage: 'Accepting your invite…',
    description: 'Spinner label while the invite page works',
  },
  unverifiedTitle: {
    id: 'joinPractice.link.unverified.title',
    defaultMessage: 'Please verify your email',
    description: 'Invite page heading when the user email is not verified',
  },
  unverifiedText: {
    id: 'joinPractice.link.unverified.text',
    defaultMessage:
      'Only a verified email address can accept an invite. Verify your email, then open the invite again.',
    description: 'Invite page text when the user email is not verified',
  },
  verifyEmail: {
    id: 'joinPractice.link.unverified.verify',
    defaultMessage: 'Verify my email',
    description: 'Button: go to the email verification screen',
  },
  otherPracticeTitle: {
    id: 'joinPractice.link.otherPractice.title',
    defaultMessage: 'This invite is not for you',
    description: 'Invite page heading when the user has invites, but not to this practice',
  },
  otherPracticeText: {
    id: 'joinPractice.link.otherPractice.text',
    defaultMessage:
      'Your pending invites are for a different practice. Ask the practice administrator to send an invite to your email address.',
    description: 'Invite page text when the user has invites, but not to this practice',
  },
  notFoundTitle: {
    id: 'joinPractice.link.notFound.title',
    defaultMessage: 'This invite is no longer valid',
    description: 'Invite page heading for an expired or unknown invite',
  },
  notFoundText: {
    id: 'joinPractice.link.notFound.text',
    defaultMessage:
      'The invite may have expired, been accepted already, or been sent to a different email address. Ask the practice administrator for a new invite.',
    description: 'Invite page text for an expired or unknown invite',
  },
  switchPractice: {
    id: 'joinPractice.link.switchPractice',
    defaultMessage: 'Go to my practices',
    description: 'Button: go to /switch-practice from an invite problem screen',
  },
});

const m = joinPracticeLinkMessages;

/**
 * /invite?practiceKey=&redirectUri= — a thin view of machines/join-practice.machine.ts entered by an
 * invitation link; the route owns the actor.
 */
export function JoinPracticeLinkView({ actor }: { actor: JoinPracticeActor }) {
  const intl = useIntl();
  const { view, step } = useJoinPracticeView(actor);
  const user = useSelector(actor, selectJoinPracticeUser);

  const problem = (title: string, text: string, action: React.ReactNode) => (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>{title}</Title>
        <Alert color="yellow" w="100%">
          <Text>{text}</Text>
        </Alert>
        {action}
      </Stack>
    </Container>
  );
  const toPractices = (
    <Button variant="light" onClick={() => actor.send({ type: 'switchPractice.open' })}>
      {intl.formatMessage(m.switchPractice)}
    </Button>
  );

  switch (view) {
    case 'signupChooser':
      return (
        <Container size="xs" py="xl">
          <Stack align="center" gap="md">
            <Title order={1} ta="center">
              {intl.formatMessage(m.signupTitle)}
            </Title>
            <Text c="dimmed" ta="center">
              {intl.formatMessage(m.signupText)}
            </Text>
            <LoginChooser
              mode="signup"
              onChoose={(connection) => actor.send({ type: 'signup.choose', connection })}
            />
          </Stack>
        </Container>
      );
    case 'profileForm':
      return (
        <Container size="sm" py="xl">
          <Stack gap="md">
            <Title order={1}>{intl.formatMessage(m.profileTitle)}</Title>
            <ProfileStepForm
              step={step}
              user={user}
              onSubmit={(profile) => actor.send({ type: 'profile.submit', profile })}
            />
          </Stack>
        </Container>
      );
    case 'emailUnverified':
      return problem(
        intl.formatMessage(m.unverifiedTitle),
        intl.formatMessage(m.unverifiedText),
        <Button onClick={() => actor.send({ type: 'email.verify' })}>
          {intl.formatMessage(m.verifyEmail)}
        </Button>,
      );
    case 'otherPractice':
      return problem(
        intl.formatMessage(m.otherPracticeTitle),
        intl.formatMessage(m.otherPracticeText),
        toPractices,
      );
    case 'inviteNotFound':
      return problem(intl.formatMessage(m.notFoundTitle), intl.formatMessage(m.notFoundText), toPractices);
    default:
      return <BusyView page heading={intl.formatMessage(m.loading)} />;
  }
}
