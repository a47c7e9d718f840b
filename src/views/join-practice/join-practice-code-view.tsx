import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Formik } from 'formik';
import { defineMessages, useIntl } from 'react-intl';
import {
  type JoinPracticeActor,
  type JoinPracticeContext,
  type JoinPracticeSnapshot,
  selectJoinPracticeUser,
} from '#machines/join-practice.machine';
import { FormField } from '../../forms/form-field';
import { defaultErrorMessage } from '../../forms/server-errors';
import { SubmitForm } from '../../forms/submit-form';
import { useSchemaValidation } from '../../forms/use-schema-validation';
import { LoginChooser } from '../../ui/login-chooser';
import { inviteCodeFields, inviteCodeSchema } from '../../validation/schemas';
import { BusyView } from '../shared/busy-view';
import { ProfileStepForm } from '../shared/profile-step-form';
import { useJoinPracticeView } from './use-join-practice-view';

export const joinPracticeCodeMessages = defineMessages({
  title: {
    id: 'joinPractice.code.title',
    defaultMessage: 'Join with an invite code',
    description: 'Heading of the /invite-code page',
  },
  text: {
    id: 'joinPractice.code.text',
    defaultMessage: 'Enter the invite code your practice administrator gave you.',
    description: 'Text above the invite code form',
  },
  loginText: {
    id: 'joinPractice.code.login.text',
    defaultMessage: 'Sign in to join a practice with your invite code.',
    description: 'Text above the login method buttons on /invite-code for a signed-out visitor',
  },
  profileTitle: {
    id: 'joinPractice.code.profile.title',
    defaultMessage: 'Create your profile',
    description: 'Heading above the profile form on /invite-code',
  },
  submit: {
    id: 'joinPractice.code.submit',
    defaultMessage: 'Join practice',
    description: 'Submit button of the invite code form',
  },
  loading: {
    id: 'joinPractice.code.loading',
    defaultMessage: 'Loading…',
    description: 'Spinner label on /invite-code',
  },
});

const m = joinPracticeCodeMessages;

type Snapshot = JoinPracticeSnapshot;
const ctx = (s: Snapshot): JoinPracticeContext => s.context;
const selectCode = (s: Snapshot) => ctx(s).code;
const selectErrorCode = (s: Snapshot) => ctx(s).errorCode;
const selectServerMessage = (s: Snapshot) => ctx(s).serverMessage;
/** The code is being checked (the code form's own wait; the profile form reads the step's). */
const selectBusy = (s: Snapshot) => s.hasTag('busy');

interface InviteCodeValues {
  inviteCode: string;
}

/**
 * /invite-code?forceLogin=&code= — a thin view of machines/join-practice.machine.ts entered by code;
 * the route owns the actor.
 */
export function JoinPracticeCodeView({ actor }: { actor: JoinPracticeActor }) {
  const intl = useIntl();
  const { view, step } = useJoinPracticeView(actor);
  const user = useSelector(actor, selectJoinPracticeUser);
  const busy = useSelector(actor, selectBusy);
  const code = useSelector(actor, selectCode);
  const errorCode = useSelector(actor, selectErrorCode);
  const serverMessage = useSelector(actor, selectServerMessage);
  const validate = useSchemaValidation<InviteCodeValues>(inviteCodeSchema);
  const submitCode = (values: InviteCodeValues) =>
    actor.send({ type: 'code.submit', code: values.inviteCode });

  let body: React.ReactNode;
  switch (view) {
    case 'loginChooser':
      body = (
        <Stack align="center" gap="md">
          <Text c="dimmed">{intl.formatMessage(m.loginText)}</Text>
          <LoginChooser
            mode="login"
            onChoose={(connection) => actor.send({ type: 'login.choose', connection })}
          />
        </Stack>
      );
      break;
    case 'profileForm':
      body = (
        <Stack gap="md">
          <Title order={2}>{intl.formatMessage(m.profileTitle)}</Title>
          <ProfileStepForm
            step={step}
            user={user}
            onSubmit={(profile) => actor.send({ type: 'profile.submit', profile })}
          />
        </Stack>
      );
      break;
    case 'codeForm':
      body = (
        <Formik<InviteCodeValues>
          initialValues={{ inviteCode: code }}
          validate={validate}
          onSubmit={submitCode}
        >
          <SubmitForm schema={inviteCodeSchema} onValid={submitCode}>
            <Stack gap="md">
              <Text>{intl.formatMessage(m.text)}</Text>
              {inviteCodeFields.map((field) => (
                <FormField key={field.name} field={field} />
              ))}
              {errorCode === 'code_rejected' || errorCode === 'code_failed' ? (
                // Spec §8: the server's message when it sent one, else the default form error
                // 'An error occurred, please try again' (no texts of this page's own).
                <Alert color="red" role="alert">
                  {serverMessage ?? intl.formatMessage(defaultErrorMessage)}
                </Alert>
              ) : null}
              <Button type="submit" loading={busy}>
                {intl.formatMessage(m.submit)}
              </Button>
            </Stack>
          </SubmitForm>
        </Formik>
      );
      break;
    default:
      body = <BusyView heading={intl.formatMessage(m.loading)} />;
  }

  return (
    <Container size="xs" py="xl">
      <Stack gap="lg">
        <Title order={1}>{intl.formatMessage(m.title)}</Title>
        {body}
      </Stack>
    </Container>
  );
}
