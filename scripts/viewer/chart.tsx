/**
 * The state chart in its panel (decision 130): the elkjs-laid SVG of docs/statecharts/ (scripts/
 * diagrams.ts), opened at a scale its labels can be read at (whole when it fits so, else centred
 * on the active state), zoomed and panned with d3-zoom —
 *   drag to pan; wheel or two-finger scroll pans; Ctrl/⌘ + wheel or a trackpad pinch zooms;
 *   keyboard (the panel has focus): arrows pan, + and − zoom, 0 (or f) fits the whole chart;
 *   the buttons do the same —
 * the active states highlighted, the innermost one brought back into view when it changes, and
 * nested states collapsible (their inner states and inner transitions hidden, the box marked).
 */
import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { select } from 'd3-selection';
import { type ZoomBehavior, type ZoomTransform, zoom, zoomIdentity, zoomTransform } from 'd3-zoom';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Geometry {
  width: number;
  height: number;
  states: Array<{ path: string; box: Box; el: SVGGElement; compound: boolean }>;
  /** Edges, labels and initial-state dots with the points they occupy. */
  marks: Array<{ el: SVGElement; points: Array<[number, number]> }>;
}

/** The scale the chart opens at when the whole of it would be smaller: its 11–12 px labels at their size. */
export const READABLE_SCALE = 1;

const num = (el: Element, name: string) => Number(el.getAttribute(name) ?? 0);
const inside = (b: Box, [x, y]: [number, number]) =>
  x >= b.x - 1 && x <= b.x + b.w + 1 && y >= b.y - 1 && y <= b.y + b.h + 1;

function measure(svg: SVGSVGElement, viewport: SVGGElement): Geometry {
  const view = svg.viewBox.baseVal;
  const states: Geometry['states'] = [];
  for (const g of viewport.querySelectorAll<SVGGElement>('g.state[data-state]')) {
    const rect = g.querySelector('rect');
    if (!rect || g.classList.contains('machine')) continue;
    states.push({
      path: g.dataset.state ?? '',
      box: { x: num(rect, 'x'), y: num(rect, 'y'), w: num(rect, 'width'), h: num(rect, 'height') },
      el: g,
      compound: g.classList.contains('compound'),
    });
  }
  const marks: Geometry['marks'] = [];
  for (const path of viewport.querySelectorAll<SVGPathElement>('path.edge')) {
    const n = (path.getAttribute('d') ?? '').match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
    const points: Array<[number, number]> = [];
    for (let i = 0; i + 1 < n.length; i += 2) points.push([n[i] as number, n[i + 1] as number]);
    marks.push({ el: path, points });
  }
  for (const label of viewport.querySelectorAll<SVGGElement>('g.label')) {
    const rect = label.querySelector('rect');
    if (!rect) continue;
    const b = { x: num(rect, 'x'), y: num(rect, 'y'), w: num(rect, 'width'), h: num(rect, 'height') };
    marks.push({
      el: label,
      points: [
        [b.x, b.y],
        [b.x + b.w, b.y + b.h],
      ],
    });
  }
  for (const dot of viewport.querySelectorAll<SVGCircleElement>('circle.initial')) {
    marks.push({ el: dot, points: [[num(dot, 'cx'), num(dot, 'cy')]] });
  }
  return {
    width: view.width || svg.width.baseVal.value,
    height: view.height || svg.height.baseVal.value,
    states,
    marks,
  };
}

export interface ChartProps {
  svg: string | null;
  chartName: string;
  /** Active state paths, ancestors included (`practice`, `practice.filling`, …). */
  active: string[];
}

export function Chart({ svg, chartName, active }: ChartProps) {
  const panel = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const zoomRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const geometry = useRef<Geometry | null>(null);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [compounds, setCompounds] = useState<string[]>([]);
  const [scale, setScale] = useState(1);
  /** True while fitToPanel sets the transform; `moved` once anything else did (then a resize keeps it). */
  const fitting = useRef(false);
  const moved = useRef(false);

  const svgOf = useCallback(() => host.current?.querySelector('svg') ?? null, []);

  /** The transform that shows the whole chart in the panel. */
  const fitTransform = useCallback((): ZoomTransform | null => {
    const g = geometry.current;
    const p = panel.current;
    if (!g || !p || p.clientWidth === 0 || p.clientHeight === 0) return null;
    const margin = 12;
    const k = Math.min((p.clientWidth - 2 * margin) / g.width, (p.clientHeight - 2 * margin) / g.height);
    return zoomIdentity
      .translate((p.clientWidth - g.width * k) / 2, (p.clientHeight - g.height * k) / 2)
      .scale(k);
  }, []);

  /** The innermost active state that is not hidden in a collapsed one. */
  const activeLeaf = useCallback((paths: string[], folded: Set<string>) => {
    const g = geometry.current;
    const shown = paths.filter((path) => ![...folded].some((c) => path.startsWith(`${c}.`)));
    const leaf = shown[shown.length - 1];
    return g?.states.find((x) => x.path === leaf) ?? null;
  }, []);

  const latestActive = useRef(active);
  latestActive.current = active;

  /**
   * The opening view: the whole chart when it can be read so; else the readable scale, centred
   * on the active state (the top left of the chart when no state is active).
   */
  const openTransform = useCallback((): ZoomTransform | null => {
    const fit = fitTransform();
    const p = panel.current;
    if (!fit || !p || fit.k >= READABLE_SCALE) return fit;
    const k = READABLE_SCALE;
    const st = activeLeaf(latestActive.current, new Set());
    const [cx, cy] = st
      ? [st.box.x + st.box.w / 2, st.box.y + st.box.h / 2]
      : [p.clientWidth / 2 / k, p.clientHeight / 2 / k];
    return zoomIdentity.translate(p.clientWidth / 2 - cx * k, p.clientHeight / 2 - cy * k).scale(k);
  }, [fitTransform, activeLeaf]);

  const place = useCallback(
    (transform: () => ZoomTransform | null) => {
      const s = svgOf();
      const fit = fitTransform();
      const t = transform();
      if (s && fit && t && zoomRef.current) {
        zoomRef.current.scaleExtent([fit.k / 2, Math.max(4, fit.k * 4)]);
        fitting.current = true;
        zoomRef.current.transform(select(s), t);
        fitting.current = false;
      }
    },
    [fitTransform, svgOf],
  );
  const fitToPanel = useCallback(() => place(fitTransform), [place, fitTransform]);
  const openInPanel = useCallback(() => place(openTransform), [place, openTransform]);

  // Inject the SVG, wrap its drawing in a viewport group, measure it, attach zoom, fit.
  useLayoutEffect(() => {
    const h = host.current;
    if (!h) return;
    h.innerHTML = svg ?? '';
    const s = h.querySelector('svg');
    if (!s) return;
    s.removeAttribute('width');
    s.removeAttribute('height');
    s.setAttribute('width', '100%');
    s.setAttribute('height', '100%');
    const viewBox = s.getAttribute('viewBox');
    s.removeAttribute('viewBox');
    const viewport = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    viewport.setAttribute('class', 'viewport');
    for (const child of [...s.childNodes]) {
      if (child instanceof SVGRectElement && child.getAttribute('width') === '100%') child.remove();
      else if (!(child instanceof SVGTitleElement)) viewport.appendChild(child);
    }
    s.appendChild(viewport);
    const [, , w, hgt] = (viewBox ?? '0 0 0 0').split(/\s+/).map(Number);
    const g = measure(s, viewport);
    geometry.current = { ...g, width: w || g.width, height: hgt || g.height };
    setCompounds(g.states.filter((st) => st.compound).map((st) => st.path));
    setCollapsed(new Set());
    const behaviour = zoom<SVGSVGElement, unknown>()
      // Wheel (and two-finger scroll) pans; Ctrl/⌘ + wheel and pinch (which arrives as Ctrl + wheel) zoom.
      .filter((event: Event) =>
        event.type === 'wheel'
          ? (event as WheelEvent).ctrlKey || (event as WheelEvent).metaKey
          : !(event as MouseEvent).ctrlKey && !(event as MouseEvent).button,
      )
      // A mouse notch (|deltaY| ≈ 100) zooms ~15 %; a pinch sends small deltas, amplified as d3 does.
      .wheelDelta((event: WheelEvent) => {
        const unit = event.deltaMode === 1 ? 0.05 : event.deltaMode ? 1 : 0.002;
        return -event.deltaY * unit * (Math.abs(event.deltaY) < 50 ? 10 : 1);
      })
      .on('zoom', (event: { transform: ZoomTransform }) => {
        viewport.setAttribute('transform', event.transform.toString());
        moved.current = !fitting.current;
        setScale(event.transform.k);
      });
    zoomRef.current = behaviour;
    const selection = select(s);
    selection.call(behaviour).on('dblclick.zoom', null);
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      const k = zoomTransform(s).k || 1;
      behaviour.translateBy(selection, -event.deltaX / k, -event.deltaY / k);
    };
    s.addEventListener('wheel', onWheel, { passive: false });
    openInPanel();
    s.dataset.fitted = 'true';
    return () => {
      s.removeEventListener('wheel', onWheel);
      selection.on('.zoom', null);
    };
  }, [svg, openInPanel]);

  // Place it again when the panel changes size (window resized, the screen panel switched width),
  // unless the designer has zoomed or panned since.
  useEffect(() => {
    const p = panel.current;
    if (!p) return;
    let last = `${p.clientWidth}x${p.clientHeight}`;
    const observer = new ResizeObserver(() => {
      const now = `${p.clientWidth}x${p.clientHeight}`;
      if (now !== last) {
        last = now;
        if (!moved.current) openInPanel();
      }
    });
    observer.observe(p);
    return () => observer.disconnect();
  }, [openInPanel]);

  // Collapsed states: hide what lies inside them, mark the box.
  useEffect(() => {
    const g = geometry.current;
    if (!g) return;
    const boxes = g.states.filter((st) => collapsed.has(st.path));
    for (const st of g.states) {
      const hidden = [...collapsed].some((c) => st.path.startsWith(`${c}.`));
      st.el.style.display = hidden ? 'none' : '';
      st.el.classList.toggle('collapsed', collapsed.has(st.path));
      const note = st.el.querySelector('text.collapsed-note');
      if (collapsed.has(st.path) && !note) {
        const title = st.el.querySelector('text.title');
        const text = document.createElementNS('http://www.w3.org/2000/svg', 'text');
        text.setAttribute('class', 'detail collapsed-note');
        text.setAttribute('x', String(num(title ?? st.el, 'x')));
        text.setAttribute('y', String(st.box.y + Math.min(st.box.h - 8, 64)));
        const inner = g.states.filter((o) => o.path.startsWith(`${st.path}.`)).length;
        text.textContent = `▸ ${inner} inner state${inner === 1 ? '' : 's'} collapsed`;
        st.el.appendChild(text);
      } else if (!collapsed.has(st.path)) note?.remove();
    }
    for (const mark of g.marks) {
      const hidden = boxes.some(
        (b) => mark.points.length > 0 && mark.points.every((pt) => inside(b.box, pt)),
      );
      mark.el.style.display = hidden ? 'none' : '';
    }
  }, [collapsed]);

  // Keep the innermost active (visible) state in view.
  const key = active.join(' ');
  useEffect(() => {
    const g = geometry.current;
    const s = svgOf();
    const p = panel.current;
    if (!g || !s || !p || !zoomRef.current) return;
    const st = activeLeaf(key.split(' ').filter(Boolean), collapsed);
    if (!st) return;
    const t = zoomTransform(s);
    const k = t.k;
    const x0 = t.x + st.box.x * k;
    const y0 = t.y + st.box.y * k;
    const margin = 16;
    const visible =
      x0 >= margin &&
      y0 >= margin &&
      x0 + st.box.w * k <= p.clientWidth - margin &&
      y0 + st.box.h * k <= p.clientHeight - margin;
    if (!visible) zoomRef.current.translateTo(select(s), st.box.x + st.box.w / 2, st.box.y + st.box.h / 2);
  }, [key, collapsed, svgOf, activeLeaf]);

  const css = useMemo(
    () =>
      active
        .map(
          (p) =>
            `.viewer-chart [data-state="${CSS.escape(p)}"] > rect { fill: #d3f9d8 !important; stroke: #2b8a3e !important; stroke-width: 3 !important; }`,
        )
        .join('\n') +
      '\n.viewer-chart .collapsed > rect { stroke-dasharray: 2 3 !important; }\n.viewer-chart svg { cursor: grab; touch-action: none; }\n.viewer-chart svg:active { cursor: grabbing; }',
    [active],
  );

  const onKeyDown = (event: React.KeyboardEvent) => {
    const s = svgOf();
    const z = zoomRef.current;
    if (!s || !z) return;
    const sel = select(s);
    const step = 80 / scale;
    let action: (() => void) | null = null;
    switch (event.key) {
      case 'ArrowLeft':
        action = () => z.translateBy(sel, step, 0);
        break;
      case 'ArrowRight':
        action = () => z.translateBy(sel, -step, 0);
        break;
      case 'ArrowUp':
        action = () => z.translateBy(sel, 0, step);
        break;
      case 'ArrowDown':
        action = () => z.translateBy(sel, 0, -step);
        break;
      case '+':
      case '=':
        action = () => z.scaleBy(sel, 1.25);
        break;
      case '-':
      case '_':
        action = () => z.scaleBy(sel, 0.8);
        break;
      case '0':
      case 'f':
        action = fitToPanel;
        break;
    }
    if (action && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      action();
    }
  };

  const zoomBy = (factor: number) => {
    const s = svgOf();
    if (s && zoomRef.current) zoomRef.current.scaleBy(select(s), factor);
  };

  if (!svg)
    return (
      <Text c="red" p="md">
        No chart: run `npm run diagrams` (docs/statecharts/{chartName}.svg is missing).
      </Text>
    );
  return (
    <div style={{ position: 'relative', height: '100%', width: '100%' }}>
      <style>{css}</style>
      {/* biome-ignore lint/a11y/useSemanticElements: a pan-and-zoom canvas; role group names it and its keys */}
      <div
        ref={panel}
        role="group"
        aria-label="State chart: drag or scroll to pan, Ctrl + scroll or pinch to zoom; keys: arrows pan, + and − zoom, 0 fits the whole chart"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart takes the keyboard's pan and zoom keys
        tabIndex={0}
        onKeyDown={onKeyDown}
        className="viewer-chart"
        data-testid="chart"
        style={{ position: 'absolute', inset: 0, overflow: 'hidden', background: '#fff' }}
      >
        <div ref={host} style={{ width: '100%', height: '100%' }} />
      </div>
      <Group gap={4} style={{ position: 'absolute', right: 8, top: 8 }}>
        <Tooltip label="Zoom in (+)">
          <ActionIcon variant="default" aria-label="Zoom in" onClick={() => zoomBy(1.25)}>
            +
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Zoom out (−)">
          <ActionIcon variant="default" aria-label="Zoom out" onClick={() => zoomBy(0.8)}>
            −
          </ActionIcon>
        </Tooltip>
        <Tooltip label="The whole chart (0)">
          <Button size="compact-sm" variant="default" onClick={fitToPanel} aria-keyshortcuts="0">
            Fit
          </Button>
        </Tooltip>
        {compounds.length > 0 && (
          <Popover position="bottom-end" shadow="md" withinPortal>
            <Popover.Target>
              <Button size="compact-sm" variant="default">
                Nested states{collapsed.size > 0 ? ` (${collapsed.size} collapsed)` : ''}
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              <Stack gap={6} data-testid="nested-states">
                <Group gap={6}>
                  <Button size="compact-xs" variant="light" onClick={() => setCollapsed(new Set(compounds))}>
                    Collapse all
                  </Button>
                  <Button size="compact-xs" variant="light" onClick={() => setCollapsed(new Set())}>
                    Expand all
                  </Button>
                </Group>
                {compounds.map((c) => (
                  <Checkbox
                    key={c}
                    size="xs"
                    label={`Collapse ${c}`}
                    checked={collapsed.has(c)}
                    onChange={(e) => {
                      const next = new Set(collapsed);
                      if (e.currentTarget.checked) next.add(c);
                      else next.delete(c);
                      setCollapsed(next);
                    }}
                  />
                ))}
              </Stack>
            </Popover.Dropdown>
          </Popover>
        )}
      </Group>
    </div>
  );
}
