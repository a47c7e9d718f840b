/**
 * Statechart diagrams generated from the machine code (a check fails when they drift: npm run diagrams:check).
 *
 *   tsx scripts/diagrams.ts --write   writes docs/statecharts/<name>.svg, <name>.mmd and README.md
 *   tsx scripts/diagrams.ts --check   fails (exit 1) when any of them is missing, stale or extra
 *
 * Discovery: every `machines/*.machine.ts`; in each, every export whose name ends in `Machine`
 * and is an XState machine. Name: the file name without `.machine.ts` (plus `.<export>` when a
 * file exports several machines).
 *
 * Layout: elkjs "layered" with hierarchy (compound states are nested nodes, parallel regions are
 * dashed boxes), transitions labelled `event [guard]`, delays `after <name> (<ms> ms)`, invoked
 * actors listed inside their state, initial state marked with a dot, final states double-bordered.
 * Output is deterministic (stable order, rounded coordinates, no timestamps) and self-contained
 * (no external fonts or references).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { AnyStateMachine } from 'xstate';
import { describeMachine, type MachineDescription, type StateInfo } from '../tests/support/machine-graph';

const ROOT_DIR = join(import.meta.dirname, '..');
const MACHINES_DIR = join(ROOT_DIR, 'machines');
const OUT_DIR = join(ROOT_DIR, 'docs', 'statecharts');

// Text metrics for the monospace font used in the SVG (0.6 em advance at 12 px).
const FONT = "'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace";
const FONT_SIZE = 12;
const SMALL = 11;
const CHAR_W = 7.3;
const SMALL_CHAR_W = 6.7;
const LINE_H = 16;
const PAD = 10;

export interface FoundMachine {
  name: string;
  file: string;
  exportName: string;
  machine: AnyStateMachine;
}

function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    'provide' in value &&
    'config' in value &&
    typeof (value as { provide: unknown }).provide === 'function'
  );
}

export async function discoverMachines(): Promise<FoundMachine[]> {
  const files = readdirSync(MACHINES_DIR)
    .filter((f) => f.endsWith('.machine.ts'))
    .sort();
  const found: FoundMachine[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(MACHINES_DIR, file)).href)) as Record<string, unknown>;
    const exports = Object.keys(mod)
      .filter((k) => k.endsWith('Machine') && isMachine(mod[k]))
      .sort();
    const base = file.replace(/\.machine\.ts$/, '');
    for (const exportName of exports) {
      found.push({
        name: exports.length === 1 ? base : `${base}.${exportName}`,
        file: `machines/${file}`,
        exportName,
        machine: mod[exportName] as AnyStateMachine,
      });
    }
  }
  return found;
}

// ───────────────────────────── text helpers ─────────────────────────────

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function r(n: number): string {
  const v = Math.round(n * 10) / 10;
  return Object.is(v, -0) ? '0' : String(v);
}

function nodeId(path: string): string {
  return `n:${path}`;
}

interface NodeText {
  title: string;
  details: string[];
}

function textOf(state: StateInfo, machineId: string): NodeText {
  const details: string[] = [];
  for (const inv of state.invokes)
    details.push(`invoke ${inv.src}${inv.id !== inv.src ? ` (${inv.id})` : ''}`);
  if (state.tags.length > 0) details.push(`tags: ${state.tags.join(', ')}`);
  if (state.entry.length > 0) details.push(`entry / ${state.entry.join(', ')}`);
  if (state.exit.length > 0) details.push(`exit / ${state.exit.join(', ')}`);
  const title =
    state.path === '' ? machineId : state.kind === 'parallel' ? `${state.key} (parallel)` : state.key;
  return { title, details };
}

function textWidth(t: NodeText): number {
  return Math.max(t.title.length * CHAR_W, ...t.details.map((d) => d.length * SMALL_CHAR_W));
}

// ───────────────────────────── ELK graph ─────────────────────────────

interface Built {
  graph: ElkNode;
  states: Map<string, StateInfo>;
}

function buildElk(d: MachineDescription): Built {
  const states = new Map(d.states.map((s) => [s.path, s]));
  const makeNode = (state: StateInfo): ElkNode => {
    const text = textOf(state, d.id);
    const headerH = PAD + LINE_H + text.details.length * (LINE_H - 2) + 4;
    if (state.children.length === 0) {
      return {
        id: nodeId(state.path),
        width: Math.ceil(Math.max(60, textWidth(text) + 2 * PAD + (state.kind === 'final' ? 6 : 0))),
        height: Math.ceil(headerH + PAD - 4 + (state.kind === 'final' ? 6 : 0)),
      };
    }
    const children: ElkNode[] = [];
    if (state.initial) children.push({ id: `i:${state.path}`, width: 12, height: 12 });
    for (const c of state.children) children.push(makeNode(states.get(c)!));
    return {
      id: nodeId(state.path),
      layoutOptions: {
        'elk.padding': `[top=${Math.ceil(headerH + 6)},left=14,bottom=14,right=14]`,
        'elk.nodeSize.minimum': `(${Math.ceil(textWidth(text) + 2 * PAD)}, ${Math.ceil(headerH + 20)})`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        ...(state.kind === 'parallel' ? { 'elk.direction': 'DOWN' } : {}),
      },
      children,
    };
  };
  const edges: ElkExtendedEdge[] = [];
  for (const s of d.states) {
    if (s.initial) {
      edges.push({ id: `init:${s.path}`, sources: [`i:${s.path}`], targets: [nodeId(s.initial)] });
    }
  }
  for (const t of d.transitions) {
    const targets = t.targets.length > 0 ? t.targets : [t.source];
    targets.forEach((target, i) => {
      edges.push({
        id: `e:${t.key}:${i}`,
        sources: [nodeId(t.source)],
        targets: [nodeId(target)],
        labels: [
          {
            id: `l:${t.key}:${i}`,
            text: t.label,
            width: Math.ceil(t.label.length * SMALL_CHAR_W + 8),
            height: LINE_H,
          },
        ],
      });
    });
  }
  const root = makeNode(states.get('')!);
  return {
    states,
    graph: {
      id: 'graph',
      layoutOptions: {
        'elk.algorithm': 'layered',
        'elk.direction': 'RIGHT',
        'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
        'elk.edgeRouting': 'ORTHOGONAL',
        'elk.layered.spacing.nodeNodeBetweenLayers': '50',
        'elk.spacing.nodeNode': '30',
        'elk.spacing.edgeLabel': '4',
        'elk.spacing.edgeNode': '16',
        'elk.layered.spacing.edgeNodeBetweenLayers': '16',
        'elk.edgeLabels.placement': 'CENTER',
        'elk.layered.crossingMinimization.semiInteractive': 'false',
        'elk.randomSeed': '1',
        'elk.padding': '[top=16,left=16,bottom=16,right=16]',
      },
      children: [root],
      edges,
    },
  };
}

// ───────────────────────────── SVG ─────────────────────────────

interface Abs {
  x: number;
  y: number;
}

function renderSvg(d: MachineDescription, laid: ElkNode, states: Map<string, StateInfo>): string {
  const abs = new Map<string, Abs>();
  const shapes: string[] = [];
  const markers: string[] = [];
  const walk = (node: ElkNode, ox: number, oy: number, depth: number) => {
    const x = ox + (node.x ?? 0);
    const y = oy + (node.y ?? 0);
    abs.set(node.id, { x, y });
    const w = node.width ?? 0;
    const h = node.height ?? 0;
    if (node.id.startsWith('i:')) {
      markers.push(`<circle class="initial" cx="${r(x + w / 2)}" cy="${r(y + h / 2)}" r="5"/>`);
    } else if (node.id.startsWith('n:')) {
      const state = states.get(node.id.slice(2))!;
      const parent = state.parent !== null ? states.get(state.parent) : undefined;
      const isRegion = parent?.kind === 'parallel';
      const cls = [
        'state',
        state.children.length > 0 ? 'compound' : 'atomic',
        isRegion ? 'region' : '',
        state.kind === 'final' ? 'final' : '',
        state.path === '' ? 'machine' : '',
      ]
        .filter(Boolean)
        .join(' ');
      shapes.push(
        `<g class="${cls}" data-state="${esc(state.path || d.id)}"><rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}" rx="8"/>`,
      );
      if (state.kind === 'final') {
        shapes.push(
          `<rect class="inner" x="${r(x + 3)}" y="${r(y + 3)}" width="${r(w - 6)}" height="${r(h - 6)}" rx="6"/>`,
        );
      }
      const text = textOf(state, d.id);
      const tx = x + PAD + (state.kind === 'final' ? 3 : 0);
      let ty = y + PAD + 12 + (state.kind === 'final' ? 3 : 0);
      shapes.push(`<text class="title" x="${r(tx)}" y="${r(ty)}">${esc(text.title)}</text>`);
      for (const detail of text.details) {
        ty += LINE_H - 2;
        shapes.push(`<text class="detail" x="${r(tx)}" y="${r(ty)}">${esc(detail)}</text>`);
      }
      if (state.children.length > 0 && state.path !== '') {
        shapes.push(`<line class="sep" x1="${r(x)}" y1="${r(ty + 6)}" x2="${r(x + w)}" y2="${r(ty + 6)}"/>`);
      }
      shapes.push('</g>');
    }
    for (const child of node.children ?? []) walk(child, x, y, depth + 1);
  };
  walk(laid, 0, 0, 0);

  const edgeSvg: string[] = [];
  const labelSvg: string[] = [];
  const collect = (node: ElkNode) => {
    for (const e of node.edges ?? []) {
      const containerId = (e as ElkExtendedEdge & { container?: string }).container ?? node.id;
      const origin = abs.get(containerId) ?? { x: 0, y: 0 };
      const isInit = e.id.startsWith('init:');
      for (const section of e.sections ?? []) {
        const pts = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint];
        const dAttr = pts
          .map((p, i) => `${i === 0 ? 'M' : 'L'}${r(origin.x + p.x)} ${r(origin.y + p.y)}`)
          .join(' ');
        edgeSvg.push(
          `<path class="${isInit ? 'edge init' : 'edge'}" d="${dAttr}" marker-end="url(#arrow)"/>`,
        );
      }
      for (const label of e.labels ?? []) {
        const lx = origin.x + (label.x ?? 0);
        const ly = origin.y + (label.y ?? 0);
        labelSvg.push(
          `<g class="label"><rect x="${r(lx)}" y="${r(ly)}" width="${r(label.width ?? 0)}" height="${r(label.height ?? 0)}" rx="3"/>` +
            `<text x="${r(lx + 4)}" y="${r(ly + 12)}">${esc(label.text ?? '')}</text></g>`,
        );
      }
    }
    for (const child of node.children ?? []) collect(child);
  };
  collect(laid);

  const width = Math.ceil(laid.width ?? 0);
  const height = Math.ceil(laid.height ?? 0);
  const style = [
    `text { font-family: ${FONT}; font-size: ${FONT_SIZE}px; fill: #1a1b1e; }`,
    `.state > rect { fill: #ffffff; stroke: #495057; stroke-width: 1.4; }`,
    `.state.compound > rect { fill: #f8f9fa; }`,
    `.state.machine > rect { fill: #ffffff; stroke: #868e96; stroke-width: 1; }`,
    `.state.region > rect { fill: #f1f3f5; stroke-dasharray: 6 4; }`,
    `.state.final > rect.inner { fill: none; stroke: #495057; stroke-width: 1.2; }`,
    `.title { font-weight: bold; }`,
    `.detail { font-size: ${SMALL}px; fill: #495057; }`,
    `.sep { stroke: #ced4da; stroke-width: 1; }`,
    `.initial { fill: #1a1b1e; }`,
    `.edge { fill: none; stroke: #1c7ed6; stroke-width: 1.3; }`,
    `.edge.init { stroke: #1a1b1e; }`,
    `.label rect { fill: #ffffff; fill-opacity: 0.92; stroke: #d0ebff; }`,
    `.label text { font-size: ${SMALL}px; fill: #1864ab; }`,
  ].join('\n    ');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="Statechart of the ${esc(d.id)} machine">`,
    `  <title>${esc(d.id)} machine (generated by scripts/diagrams.ts — do not edit)</title>`,
    `  <style>\n    ${style}\n  </style>`,
    `  <defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#1c7ed6"/></marker></defs>`,
    `  <rect width="100%" height="100%" fill="#ffffff"/>`,
    ...shapes.map((s) => `  ${s}`),
    ...markers.map((s) => `  ${s}`),
    ...edgeSvg.map((s) => `  ${s}`),
    ...labelSvg.map((s) => `  ${s}`),
    '</svg>',
    '',
  ].join('\n');
}

// ───────────────────────────── Mermaid ─────────────────────────────

function mermaidId(path: string): string {
  return path === '' ? 'machine' : `s_${path.replace(/[^A-Za-z0-9]/g, '_')}`;
}

function mermaidLabel(text: string): string {
  return text.replace(/:/g, '#58;').replace(/;(?!\s)/g, '#59;');
}

function renderMermaid(d: MachineDescription, states: Map<string, StateInfo>): string {
  const lines: string[] = [
    '%% Generated by scripts/diagrams.ts from the machine code — do not edit.',
    'stateDiagram-v2',
    '  direction LR',
  ];
  const emitState = (state: StateInfo, indent: string) => {
    const id = mermaidId(state.path);
    lines.push(`${indent}state "${state.key}" as ${id}`);
    const details = textOf(state, d.id).details;
    if (state.children.length === 0) {
      for (const detail of details) lines.push(`${indent}${id} : ${mermaidLabel(detail)}`);
      return;
    }
    lines.push(`${indent}state ${id} {`);
    const inner = `${indent}  `;
    state.children.forEach((c, i) => {
      if (state.kind === 'parallel' && i > 0) lines.push(`${inner}--`);
      emitState(states.get(c)!, inner);
    });
    if (state.initial) lines.push(`${inner}[*] --> ${mermaidId(state.initial)}`);
    for (const c of state.children) {
      if (states.get(c)?.kind === 'final') lines.push(`${inner}${mermaidId(c)} --> [*]`);
    }
    lines.push(`${indent}}`);
    if (details.length > 0) {
      lines.push(`${indent}note right of ${id}`);
      for (const detail of details) lines.push(`${indent}  ${detail}`);
      lines.push(`${indent}end note`);
    }
  };
  const root = states.get('')!;
  for (const c of root.children) emitState(states.get(c)!, '  ');
  if (root.initial) lines.push(`  [*] --> ${mermaidId(root.initial)}`);
  for (const c of root.children) {
    if (states.get(c)?.kind === 'final') lines.push(`  ${mermaidId(c)} --> [*]`);
  }
  const rootTransitions = d.transitions.filter((t) => t.source === '');
  if (rootTransitions.length > 0) lines.push(`  state "(any state of ${d.id})" as machine`);
  for (const t of d.transitions) {
    const targets = t.targets.length > 0 ? t.targets : [t.source];
    for (const target of targets) {
      lines.push(`  ${mermaidId(t.source)} --> ${mermaidId(target)} : ${mermaidLabel(t.label)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

// ───────────────────────────── README ─────────────────────────────

function renderReadme(entries: Array<{ found: FoundMachine; d: MachineDescription }>): string {
  const rows = entries.map(({ found, d }) => {
    const states = d.states.length - 1;
    const transitions = d.transitions.length;
    const delays = [
      ...new Set(d.transitions.filter((t) => t.delay).map((t) => t.label.replace(/ \[.*$/, ''))),
    ];
    return `| [${found.name}](${found.name}.svg) | \`${found.file}\` (\`${found.exportName}\`) | ${states} | ${transitions} | ${delays.join('; ') || '—'} | [mmd](${found.name}.mmd) |`;
  });
  const images = entries.map(
    ({ found }) => `### ${found.name}\n\n![${found.name} statechart](${found.name}.svg)\n`,
  );
  return [
    '# Statecharts',
    '',
    'Generated from the machine code by `npm run diagrams` (`tsx scripts/diagrams.ts --write`);',
    '`npm run diagrams:check` fails when these files are stale. Do not edit by hand.',
    '',
    'Legend: a dot marks the initial state; double border = final state; dashed boxes are the',
    'regions of a parallel state; labels read `event [guard]`, `after <delay> (<ms> ms)`,',
    '`done: <actor>` / `error: <actor>` (invoked actor settled), `onDone` (child reached a final',
    'state), `always` (eventless). A self-loop is a transition without a target (actions only).',
    '',
    '| machine | source | states | transitions | delays | Mermaid |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    ...images,
  ].join('\n');
}

// ───────────────────────────── main ─────────────────────────────

/** The SVG and Mermaid text of one machine (deterministic). */
export async function renderMachine(machine: AnyStateMachine): Promise<{ svg: string; mmd: string }> {
  const d = describeMachine(machine);
  const { graph, states } = buildElk(d);
  const laid = await new ELK().layout(graph);
  return { svg: renderSvg(d, laid, states), mmd: renderMermaid(d, states) };
}

export async function generateAll(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const entries: Array<{ found: FoundMachine; d: MachineDescription }> = [];
  for (const found of await discoverMachines()) {
    const { svg, mmd } = await renderMachine(found.machine);
    files.set(`${found.name}.svg`, svg);
    files.set(`${found.name}.mmd`, mmd);
    entries.push({ found, d: describeMachine(found.machine) });
  }
  files.set('README.md', renderReadme(entries));
  return files;
}

async function main() {
  const mode = process.argv.includes('--check') ? 'check' : process.argv.includes('--write') ? 'write' : null;
  if (!mode) {
    console.error('usage: tsx scripts/diagrams.ts --write | --check');
    process.exit(2);
  }
  const files = await generateAll();
  const existing = existsSync(OUT_DIR)
    ? readdirSync(OUT_DIR).filter((f) => f.endsWith('.svg') || f.endsWith('.mmd') || f === 'README.md')
    : [];
  if (mode === 'write') {
    mkdirSync(OUT_DIR, { recursive: true });
    for (const [name, content] of files) writeFileSync(join(OUT_DIR, name), content);
    const extra = existing.filter((f) => !files.has(f));
    for (const f of extra)
      console.warn(`note: ${relative(ROOT_DIR, join(OUT_DIR, f))} no longer matches a machine`);
    console.log(`wrote ${files.size} files to ${relative(ROOT_DIR, OUT_DIR)}/`);
    return;
  }
  const problems: string[] = [];
  for (const [name, content] of files) {
    const file = join(OUT_DIR, name);
    if (!existsSync(file)) problems.push(`missing: ${relative(ROOT_DIR, file)}`);
    else if (readFileSync(file, 'utf8') !== content) problems.push(`stale:   ${relative(ROOT_DIR, file)}`);
  }
  for (const f of existing) {
    if (!files.has(f))
      problems.push(`extra:   ${relative(ROOT_DIR, join(OUT_DIR, f))} (no machine generates it)`);
  }
  if (problems.length > 0) {
    console.error(
      `Statechart diagrams are out of date with the machine code:\n  ${problems.join('\n  ')}\nRun \`npm run diagrams\` and commit docs/statecharts/.`,
    );
    process.exit(1);
  }
  console.log(`diagrams up to date (${files.size} files in ${relative(ROOT_DIR, OUT_DIR)}/)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
