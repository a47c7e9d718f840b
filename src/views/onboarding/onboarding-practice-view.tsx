import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Formik } from 'formik';
import { memo, useDeferredValue, useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { RegionKey } from '#machines/domain';
import { selectCanCompleteProfile, selectSubmitLocked } from '#machines/onboarding.machine';
import { type PracticeDraft, practiceDraftOf, veterinaryTypeOf } from '#machines/onboarding-draft';
import { FormField } from '../../forms/form-field';
import { SubmitForm } from '../../forms/submit-form';
import { useSchemaValidation } from '../../forms/use-schema-validation';
import { useBusyIndicator } from '../../ui/busy-indicator';
import { type PracticeFormValues, practiceFields, practiceSchema } from '../../validation/schemas';
import { agreementLinkFor } from '../shared/agreement-link';
import { ServerErrors, ValuesSync } from './form-sync';
import { devicesMessage, limitedMessage, onboardingMessages as m } from './messages';
import { type OnboardingActor, type OnboardingSnapshot, useOnboardingActorContext } from './onboarding-actor';
import { OnboardingFrame } from './onboarding-frame';

const selectFetchingDevices = (s: OnboardingSnapshot) => s.hasTag('fetchingDevices');
// Busy while submitting and after (the wizard is moving on); not before the step (rendered ahead).
const selectSubmitting = selectSubmitLocked('practice');
const selectRegions = (s: OnboardingSnapshot) => s.context.regions;
// The page re-renders for its region, not for every change of the draft (typing, the submit, the
// draft cleared on success): the form holds the values, the draft only gives the initial ones.
const selectRegion = (s: OnboardingSnapshot) => practiceDraftOf(s.context).environment;
const selectDevices = (s: OnboardingSnapshot) => s.context.devices;
const selectDevicesUnavailable = (s: OnboardingSnapshot) => s.context.error?.code === 'devicesUnavailable';
/** fetch-devices answered 429 (decision 080): the waiting time, or null without a hint. */
const selectDevicesLimited = (s: OnboardingSnapshot) =>
  s.context.error?.code === 'devicesLimited'
    ? { retryAfterSeconds: s.context.error.retryAfterSeconds }
    : null;
const selectError = (s: OnboardingSnapshot) => s.context.error;
const selectNoProfile = (s: OnboardingSnapshot) => s.hasTag('noProfile');

const regionNames = { au: m.regionAu, uk: m.regionUk } as const;

function toValues(draft: PracticeDraft): PracticeFormValues {
  return { practice: { ...draft.practice, address: { ...draft.practice.address } }, terms: draft.terms };
}

function toDraft(environment: RegionKey, values: PracticeFormValues): PracticeDraft {
  return {
    environment,
    terms: values.terms === true,
    practice: {
      ...values.practice,
      veterinaryType: veterinaryTypeOf(values.practice.veterinaryType),
      address: { ...values.practice.address, state: values.practice.address.state ?? '' },
    },
  };
}

/**
 * Step 3 of 3: the practice details; the region chooses the environment and the locale. The page
 * selects no region itself: the radio and the form each select it, so choosing a region re-renders
 * the radio (and the form only after its frame), not the frame, the heading or the devices' note.
 */
export function OnboardingPracticeView() {
  const intl = useIntl();
  const actor = useOnboardingActorContext();
  // Locked (spinner, region) only when registering takes a while (decision 042): a quick answer
  // just moves on.
  const locked = useBusyIndicator(actor, selectSubmitting);
  return (
    <OnboardingFrame step="practice" title={intl.formatMessage(m.practiceTitle)}>
      <Stack gap="md">
        <RegionChoice actor={actor} locked={locked} />
        <DevicesNote actor={actor} />
        <RegionForm actor={actor} locked={locked} />
      </Stack>
    </OnboardingFrame>
  );
}

/** The region (when there is a choice): shows the machine's region at once. */
function RegionChoice({ actor, locked }: { actor: OnboardingActor; locked: boolean }) {
  const intl = useIntl();
  const regions = useSelector(actor, selectRegions);
  const region = useSelector(actor, selectRegion);
  // The view sends the choice at once and never defers it (views run no timers): what the change
  // costs is measured by tests/bench/interaction-latency.ts (decision 150).
  const chooseRegion = (value: string) =>
    actor.send({ type: 'region.select', region: value === 'uk' ? 'uk' : 'au' });
  if (regions.length <= 1) return null;
  return (
    // Radio buttons (not Mantine's SegmentedControl, whose sliding indicator measures the page
    // with a forced layout as the step is revealed: decision 042).
    <Radio.Group
      label={intl.formatMessage(m.regionLabel)}
      // A name of its own, the same on the prerendered page and in the app: a region chosen
      // before the app took over is carried into it by name (src/boot/handoff.ts).
      name="practice-region"
      value={region}
      onChange={chooseRegion}
      disabled={locked}
      data-testid="region-choice"
    >
      <Group gap="lg" mt={6}>
        {regions.map((r) => (
          <Radio key={r.key} value={r.key} label={intl.formatMessage(regionNames[r.key])} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/**
 * The form of the machine's region: the form of that region (other fields, re-created from the
 * draft) follows a region change in a low-priority render, so the radio's frame does not wait for
 * it (decision 150). Everything of the form (fields, schema, values, submit) is of `formRegion`.
 */
function RegionForm({ actor, locked }: { actor: OnboardingActor; locked: boolean }) {
  const region = useSelector(actor, selectRegion);
  const formRegion = useDeferredValue(region);
  return <PracticeForm actor={actor} region={formRegion} locked={locked} />;
}

/**
 * The form of one region, memoised: choosing the other region re-renders the radio at once and
 * this form (re-created for the new region) only in the deferred render that follows (decision
 * 184).
 */
const PracticeForm = memo(function PracticeForm({
  actor,
  region,
  locked,
}: {
  actor: OnboardingActor;
  region: RegionKey;
  locked: boolean;
}) {
  const intl = useIntl();
  const error = useSelector(actor, selectError);
  const canCompleteProfile = useSelector(actor, selectCanCompleteProfile);
  const noProfile = useSelector(actor, selectNoProfile);
  const fields = useMemo(() => practiceFields(region), [region]);
  const schema = useMemo(() => practiceSchema(region), [region]);
  const fieldNames = useMemo(() => fields.map((f) => f.name), [fields]);
  const validate = useSchemaValidation<PracticeFormValues>(schema);
  const submit = (values: PracticeFormValues) =>
    actor.send({ type: 'practice.submit', practice: toDraft(region, values) });
  // The form starts from the draft of its region; it is re-created when the region changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: initial values per region only
  const initialValues = useMemo(() => toValues(practiceDraftOf(actor.getSnapshot().context)), [region]);

  const failure = noProfile
    ? intl.formatMessage(m.noProfile)
    : error?.code === 'practiceFailed'
      ? (error.message ?? intl.formatMessage(m.practiceFailed))
      : error?.code === 'signInFailed'
        ? intl.formatMessage(m.signInFailed)
        : null;

  return (
    <Formik<PracticeFormValues>
      key={region}
      initialValues={initialValues}
      validate={validate}
      validateOnChange
      onSubmit={submit}
    >
      <SubmitForm schema={schema} onValid={submit}>
        <Stack gap="md">
          <ValuesSync<PracticeFormValues>
            onChange={(values) => actor.send({ type: 'practice.change', practice: toDraft(region, values) })}
          />
          {fields.map((field) => (
            <FormField key={field.name} field={field} region={region}>
              {agreementLinkFor(field.name)}
            </FormField>
          ))}
          <ServerErrors
            fieldErrors={error?.code === 'practiceRejected' ? error.fieldErrors : null}
            fields={fieldNames}
          />
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          {canCompleteProfile && (
            <Button variant="light" onClick={() => actor.send({ type: 'practice.completeProfile' })}>
              {intl.formatMessage(m.completeProfile)}
            </Button>
          )}
          <SubmitButton actor={actor} busy={locked} />
        </Stack>
      </SubmitForm>
    </Formik>
  );
});

/**
 * The practice's devices (from the pin) and the note when they could not be loaded. Its own
 * component: the devices arrive while the form is on screen, and only this line re-renders.
 */
function DevicesNote({ actor }: { actor: OnboardingActor }) {
  const intl = useIntl();
  const devices = useSelector(actor, selectDevices);
  const unavailable = useSelector(actor, selectDevicesUnavailable);
  const limited = useSelector(
    actor,
    selectDevicesLimited,
    (a, b) => a?.retryAfterSeconds === b?.retryAfterSeconds,
  );
  return (
    <>
      {devices.length > 0 && (
        <Text size="sm" data-testid="onboarding-devices">
          {intl.formatMessage(devicesMessage, { names: devices.map((d) => d.name).join(', ') })}
        </Text>
      )}
      {unavailable && (
        <Alert color="yellow" variant="light">
          {intl.formatMessage(m.devicesUnavailable)}
        </Alert>
      )}
      {limited && (
        <Alert color="yellow" variant="light" data-testid="onboarding-devices-limited">
          {limitedMessage(intl, limited.retryAfterSeconds)}
        </Alert>
      )}
    </>
  );
}

/**
 * 'Register practice': disabled while the pin's devices load, with its spinner once registering
 * takes a while (`busy`, decision 042). Its own component, so the devices loading re-renders the
 * button only, not the form (the step is pre-rendered and revealed as the devices start loading).
 */
function SubmitButton({ actor, busy }: { actor: OnboardingActor; busy: boolean }) {
  const intl = useIntl();
  const fetchingDevices = useSelector(actor, selectFetchingDevices);
  return (
    <Button type="submit" loading={busy} disabled={fetchingDevices}>
      {intl.formatMessage(m.practiceSubmit)}
    </Button>
  );
}
