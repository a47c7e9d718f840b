/**
 * The state-chart viewer (dev-only; `npm run viewer`, README "For designers"). One page at 1280 px
 * and wider (decision 130): a bar with the machine, the input fixture, the screen's locale and
 * width and "Copy link"; below it the chart (opened readable on the active state, fitted with 0 or
 * Fit, zoom and pan, the active state highlighted and kept in view), the real screen of the state pinned beside it, and a panel with the state,
 * the events it accepts (designer labels, the payload one click away), the history, the atlas's
 * photographs of the state, the generated journeys and the context as a table.
 *
 * The address always holds the current state (machine, input, choices taken, locale, width:
 * link.ts, decision 130), so the page's link opens this exact state and screen.
 * Invoked actors are fakes (their done/error are events), delays advance a simulated clock
 * (walker.ts).
 */
import '@mantine/core/styles.css';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  MantineProvider,
  Popover,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { StrictMode, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { EventObject } from 'xstate';
import { generatePaths, type MachinePath } from '../../tests/support/paths';
import type { ShotsManifest as AtlasShots } from '../atlas';
import { defaultAtlasMachines, withoutAtlasScreen } from '../atlas/names';
import { type CatalogEntry, catalog } from './catalog';
import { Chart } from './chart';
import { contextRows } from './context-table';
import { designerLabel, distinctLabels, inputName } from './labels';
import {
  formatAddress,
  inputIndexOf,
  inputSlugs,
  type Locale,
  parseAddress,
  replaySteps,
  type ScreenWidth,
  stepsOf,
} from './link';
import { Screen } from './screen';
import { descriptionOf, inputsOf, journeyOf, startWalk, type WalkOption } from './walker';

interface Journey {
  title: string;
  path: MachinePath;
}

/**
 * Shortest: the fewest shortest paths that together visit every state and take every transition
 * (the atlas links to these by number). All: one path per explored edge; can be hundreds.
 */
function journeysOf(entry: CatalogEntry, all: boolean): Journey[] {
  return generatePaths(all ? { ...entry.spec, exhaustive: true } : entry.spec).map((path) => ({
    title: journeyOf([path.initial.value, ...path.steps.map((s) => s.state.value)]),
    path,
  }));
}

/** The atlas's photographs by state (build/atlas/shots.json, written by scripts/atlas.ts); `machines`
 * null: `npm run atlas` has not run yet. */
type ShotsManifest = { machines: AtlasShots['machines'] | null };

const ATLAS = '../atlas-photos/';

function payloadText(event: EventObject): string {
  return JSON.stringify(event, (_k, v) => (v instanceof Error ? { error: v.message } : v), 2);
}

/** Where an address starts: journey links become choices; unknown names fall back. */
function initialState(): {
  name: string;
  inputIndex: number;
  steps: number[];
  locale: Locale;
  width: ScreenWidth;
  notice: string | null;
} {
  const address = parseAddress(location.search);
  const entry =
    catalog.find((c) => c.name === address.machine) ??
    catalog.find((c) => c.name === 'onboarding') ??
    catalog[0];
  const name = entry?.name ?? '';
  let inputIndex = entry ? inputIndexOf(name, entry.spec, address.input) : 0;
  let steps = address.steps;
  let notice: string | null =
    address.machine && address.machine !== name ? `No machine “${address.machine}”: showing ${name}.` : null;
  if (entry && address.journey) {
    const path = generatePaths(entry.spec)[address.journey.index];
    if (path) {
      inputIndex = path.inputIndex;
      const events = path.steps.slice(0, address.journey.step ?? path.steps.length).map((s) => s.event);
      steps = stepsOf(entry.spec, path.input, events) ?? [];
    } else notice = `No journey #${address.journey.index} for ${name}.`;
  }
  return { name, inputIndex, steps, locale: address.locale, width: address.width, notice };
}

function EventButton({ option, label, onTake }: { option: WalkOption; label: string; onTake(): void }) {
  const kind = option.delayMs !== null ? 'grape' : option.event.type.startsWith('xstate.') ? 'teal' : 'blue';
  return (
    <Group gap={4} wrap="nowrap" align="stretch">
      <Button
        size="compact-sm"
        variant={option.enabled ? 'light' : 'subtle'}
        justify="flex-start"
        color={kind}
        disabled={!option.enabled}
        title={option.enabled ? option.label : 'A guard blocks this event in this state'}
        styles={{
          root: { height: 'auto', minHeight: 26, flex: 1, minWidth: 0 },
          label: { whiteSpace: 'normal', textAlign: 'left', overflowWrap: 'anywhere' },
        }}
        onClick={onTake}
      >
        {label}
      </Button>
      <Popover position="left" shadow="md" withinPortal width={360}>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Payload of “${label}”`} size="md">
            {'{…}'}
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Text size="xs" c="dimmed">
            {option.event.type}
          </Text>
          <ScrollArea.Autosize mah={320}>
            <Code block data-testid="payload">
              {payloadText(option.event)}
            </Code>
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Title order={2} size="h6" mb={4} mt="xs">
        {title}
      </Title>
      {children}
    </Box>
  );
}

function Viewer() {
  const [start] = useState(initialState);
  const [name, setName] = useState(start.name);
  const entry = catalog.find((c) => c.name === name) ?? catalog[0];
  const [inputIndex, setInputIndex] = useState(start.inputIndex);
  const [steps, setSteps] = useState<number[]>(start.steps);
  const [locale, setLocale] = useState<Locale>(start.locale);
  const [width, setWidth] = useState<ScreenWidth>(start.width);
  const [planned, setPlanned] = useState<EventObject[] | null>(null);
  const [journeys, setJourneys] = useState<Journey[] | null>(null);
  const [computing, setComputing] = useState(false);
  const [manifest, setManifest] = useState<ShotsManifest | null>(null);

  useEffect(() => {
    fetch(`${ATLAS}shots.json`)
      .then((r) => (r.ok ? (r.json() as Promise<ShotsManifest>) : null))
      .then((m) => setManifest(m?.machines ? m : null))
      .catch(() => setManifest(null));
  }, []);

  const inputs = entry ? inputsOf(entry.spec) : [];
  const input = inputs[Math.min(inputIndex, inputs.length - 1)];
  const replay = useMemo(() => (entry ? replaySteps(entry.spec, input, steps) : null), [entry, input, steps]);
  const events = replay?.events ?? [];
  const walk = useMemo(() => (entry ? startWalk(entry.spec, input, events) : null), [entry, input, events]);
  useEffect(() => () => walk?.stop(), [walk]);

  const slugs = useMemo(() => (entry ? inputSlugs(entry.name, entry.spec) : []), [entry]);
  const search = entry
    ? formatAddress({
        machine: entry.name,
        input: slugs[inputIndex] ?? String(inputIndex),
        steps: replay?.steps ?? [],
        locale,
        width,
      })
    : '';
  useEffect(() => {
    if (search && location.search !== search) history.replaceState(null, '', search);
  }, [search]);

  if (!entry || !walk || !replay) return <Text>No machines registered.</Text>;
  const snapshot = walk.snapshot();
  const options = walk.options();
  const description = descriptionOf(entry.spec.machine);
  const labels = distinctLabels(
    options.map((o) => {
      const delay = description.delaysByEventType.get(o.event.type);
      return designerLabel(
        o.event,
        o.delayMs !== null ? { name: delay?.name ?? '', ms: o.delayMs } : undefined,
      );
    }),
    options.map((o) => o.event),
  );
  const active = walk.active();
  const stateNotes = description.states.filter((s) => s.description && active.includes(s.path));
  const hasScreen = defaultAtlasMachines.includes(entry.name);
  const link = `${location.origin}${location.pathname}${search}`;
  const stateKey = JSON.stringify(snapshot.value);
  const photos = (manifest?.machines?.[entry.name] ?? []).filter((s) => JSON.stringify(s.value) === stateKey);

  const reset = (next: { name?: string; inputIndex?: number }) => {
    if (next.name !== undefined) setName(next.name);
    setInputIndex(next.inputIndex ?? 0);
    setSteps([]);
    setPlanned(null);
    if (next.name !== undefined) setJourneys(null);
  };
  const take = (choice: number) => {
    setSteps([...(replay.steps ?? []), choice]);
  };
  const computeJourneys = (all: boolean) => {
    setComputing(true);
    // Let the "computing" state paint first: generation replays the machine many times.
    setTimeout(() => {
      setJourneys(journeysOf(entry, all));
      setComputing(false);
    }, 20);
  };
  const nextPlanned = planned && planned.length > events.length ? planned[events.length] : null;
  const nextChoice = nextPlanned ? stepsOf(entry.spec, input, [...events, nextPlanned])?.at(-1) : undefined;
  const screenColumn = width === 375 ? '377px' : 'clamp(400px, 34vw, 660px)';

  return (
    <div
      style={{
        height: '100vh',
        display: 'grid',
        gridTemplateRows: 'auto minmax(0, 1fr)',
        overflow: 'hidden',
      }}
    >
      <Group
        component="header"
        gap="sm"
        px="sm"
        py={6}
        wrap="wrap"
        style={{ borderBottom: '1px solid #dee2e6', minWidth: 0 }}
      >
        <Title order={1} size="h5" style={{ whiteSpace: 'nowrap' }}>
          State-chart viewer
        </Title>
        <Select
          aria-label="Machine"
          size="xs"
          w={190}
          searchable
          data={catalog.map((c) => ({ value: c.name, label: c.name }))}
          value={entry.name}
          onChange={(v) => v && v !== entry.name && reset({ name: v })}
          allowDeselect={false}
          data-testid="machine"
        />
        <Select
          aria-label="Input"
          size="xs"
          w={250}
          data={inputs.map((inp, i) => ({ value: String(i), label: inputName(entry.name, inp, i) }))}
          value={String(Math.min(inputIndex, inputs.length - 1))}
          onChange={(v) => reset({ inputIndex: Number(v ?? 0) })}
          allowDeselect={false}
          disabled={inputs.length < 2}
          data-testid="input"
        />
        <SegmentedControl
          size="xs"
          aria-label="Screen locale"
          data={['en-AU', 'en-GB']}
          value={locale}
          onChange={(v) => setLocale(v === 'en-GB' ? 'en-GB' : 'en-AU')}
        />
        <SegmentedControl
          size="xs"
          aria-label="Screen width"
          data={[
            { value: '375', label: '375 px' },
            { value: '1280', label: '1280 px' },
          ]}
          value={String(width)}
          onChange={(v) => setWidth(v === '1280' ? 1280 : 375)}
        />
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Button size="xs" color={copied ? 'teal' : 'blue'} onClick={copy} data-testid="copy-link">
              {copied ? 'Link copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
        <Anchor size="xs" href={link} data-testid="state-link" target="_blank">
          Link to this state
        </Anchor>
        <Anchor size="xs" href={ATLAS} target="_blank">
          Screen atlas
        </Anchor>
      </Group>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: `minmax(0, 1fr) ${screenColumn} 360px`,
          minHeight: 0,
          minWidth: 0,
        }}
      >
        <Box component="main" aria-label="Chart" style={{ minWidth: 0, minHeight: 0, position: 'relative' }}>
          <Chart svg={entry.svg} chartName={entry.chart} active={active} />
        </Box>
        <Box
          component="aside"
          aria-label="Screen"
          data-testid="screen-panel"
          style={{ minHeight: 0, borderLeft: '1px solid #dee2e6', background: '#f8f9fa', padding: 0 }}
        >
          {hasScreen ? (
            <Screen machine={entry.name} input={input} events={events} locale={locale} width={width} />
          ) : (
            <Text size="sm" c="dimmed" p="sm">
              No screen: {withoutAtlasScreen[entry.name] ?? 'this machine has no view in the screen atlas'}.
            </Text>
          )}
        </Box>
        <ScrollArea
          component="aside"
          aria-label="State and events"
          style={{ borderLeft: '1px solid #dee2e6', minHeight: 0 }}
          h="100%"
          p="sm"
        >
          <Stack gap={6} pb="md">
            {start.notice && (
              <Text size="xs" c="orange">
                {start.notice}
              </Text>
            )}
            {replay.brokenAt !== null && (
              <Text size="xs" c="orange" data-testid="replay-notice">
                The link's step {replay.brokenAt + 1} is no longer offered (the machine or its model changed):
                shown up to the step before.
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {entry.file} · id “{entry.spec.machine.id}”
            </Text>
            <Section title="State">
              <Group gap={6}>
                <Code data-testid="state-value">{stateKey}</Code>
                <Badge size="sm" color={snapshot.status === 'active' ? 'blue' : 'gray'}>
                  {snapshot.status}
                </Badge>
              </Group>
              {stateNotes.map((s) => (
                <Text size="xs" key={s.path} mt={2}>
                  <b>{s.key}</b>: {s.description}
                </Text>
              ))}
              {snapshot.tags.size > 0 && (
                <Text size="xs" c="dimmed" mt={2}>
                  Tags: {[...snapshot.tags].join(', ')}
                </Text>
              )}
            </Section>
            <Group gap="xs">
              <Button
                size="compact-sm"
                variant="default"
                disabled={replay.steps.length === 0}
                onClick={() => setSteps(replay.steps.slice(0, -1))}
              >
                Step back
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => reset({ inputIndex })}>
                Reset
              </Button>
            </Group>
            {nextPlanned && nextChoice !== undefined && (
              <Button
                size="compact-sm"
                onClick={() => take(nextChoice)}
                styles={{ label: { whiteSpace: 'normal' } }}
                h="auto"
                mih={26}
              >
                Next journey step: {labels[nextChoice] ?? nextPlanned.type}
              </Button>
            )}
            <Section title="Events accepted now">
              {options.length === 0 && (
                <Text size="sm" c="dimmed">
                  None (the machine is {snapshot.status}).
                </Text>
              )}
              <Stack gap={4} data-testid="events">
                {options.map((o, i) => (
                  <EventButton
                    // biome-ignore lint/suspicious/noArrayIndexKey: a choice is its position in this state's list
                    key={`${i}:${labels[i]}`}
                    option={o}
                    label={labels[i] ?? o.label}
                    onTake={() => {
                      take(i);
                      setPlanned(null);
                    }}
                  />
                ))}
              </Stack>
            </Section>
            <Section title="History">
              <Box component="ol" m={0} pl="md" data-testid="history">
                {walk.steps.map((s, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a history entry is its position
                  <li key={`${i}-${s.event.type}`}>
                    <Text size="xs" title={payloadText(s.event)}>
                      {designerLabel(
                        s.event,
                        s.delayMs > 0
                          ? {
                              name: description.delaysByEventType.get(s.event.type)?.name ?? '',
                              ms: s.delayMs,
                            }
                          : undefined,
                      )}{' '}
                      → <Code>{JSON.stringify(s.value)}</Code>
                    </Text>
                  </li>
                ))}
              </Box>
            </Section>
            <Section title="Photographs (screen atlas)">
              {hasScreen && manifest === null && (
                <Text size="xs" c="dimmed">
                  No atlas yet: run <Code>npm run atlas</Code> to photograph every state in both locales and
                  widths.
                </Text>
              )}
              {hasScreen && manifest !== null && photos.length === 0 && (
                <Text size="xs" c="dimmed">
                  The atlas has no photograph of this state ({entry.name} may not be in the last run).
                </Text>
              )}
              {!hasScreen && (
                <Text size="xs" c="dimmed">
                  No screen for this machine.
                </Text>
              )}
              <Stack gap={6} data-testid="photos">
                {photos.map((p) => (
                  <Box key={p.key}>
                    <Anchor size="xs" href={`${ATLAS}#${p.anchor}`} target="_blank">
                      {p.key} in the atlas
                    </Anchor>
                    <Group gap={6} mt={2}>
                      {p.shots.map((s) => (
                        <Anchor
                          key={s.file}
                          href={`${ATLAS}${s.file}`}
                          target="_blank"
                          title={`${s.locale} · ${s.width} px`}
                          data-photo={`${s.locale} ${s.width}`}
                        >
                          <img
                            src={`${ATLAS}${s.file}`}
                            alt={`${entry.name} ${p.key}, ${s.locale}, ${s.width} px`}
                            loading="lazy"
                            style={{
                              width: s.width === 375 ? 48 : 96,
                              border: '1px solid #dee2e6',
                              display: 'block',
                            }}
                          />
                          <Text size="10px" c="dimmed">
                            {s.locale} · {s.width}
                          </Text>
                        </Anchor>
                      ))}
                    </Group>
                  </Box>
                ))}
              </Stack>
            </Section>
            <Section title="User journeys">
              {journeys === null ? (
                <Group gap="xs">
                  <Button
                    size="compact-xs"
                    variant="default"
                    loading={computing}
                    onClick={() => computeJourneys(false)}
                  >
                    Shortest journeys (cover every state and transition)
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="default"
                    loading={computing}
                    onClick={() => computeJourneys(true)}
                  >
                    All journeys (one per edge; slow)
                  </Button>
                </Group>
              ) : (
                <Stack gap={2} data-testid="journeys">
                  {journeys.map((j, i) => (
                    <Button
                      // biome-ignore lint/suspicious/noArrayIndexKey: descriptions shorten payloads and may repeat; the list never reorders
                      key={`${i}:${j.path.description}`}
                      size="compact-xs"
                      variant="subtle"
                      justify="flex-start"
                      title={j.path.description}
                      styles={{
                        label: { whiteSpace: 'normal', textAlign: 'left' },
                        root: { height: 'auto' },
                      }}
                      onClick={() => {
                        setInputIndex(j.path.inputIndex);
                        setSteps([]);
                        setPlanned(j.path.steps.map((s) => s.event));
                      }}
                    >
                      {i + 1}. ({inputName(entry.name, j.path.input, j.path.inputIndex)}) {j.title}
                    </Button>
                  ))}
                </Stack>
              )}
            </Section>
            <Section title="Context">
              <Table fz="xs" withRowBorders verticalSpacing={2} data-testid="context" layout="fixed">
                <Table.Tbody>
                  {contextRows(snapshot.context).map((row) => (
                    <Table.Tr key={row.field}>
                      <Table.Td
                        style={{ paddingLeft: 4 + row.depth * 10, width: '45%', overflowWrap: 'anywhere' }}
                      >
                        {row.field.split('.').pop()}
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }} title={row.field}>
                        {row.value}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Section>
          </Stack>
        </ScrollArea>
      </div>
    </div>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider>
        <Viewer />
      </MantineProvider>
    </StrictMode>,
  );
}
