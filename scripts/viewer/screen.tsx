/**
 * The real screen of the current state, pinned beside the chart (decision 130): the atlas harness
 * (scripts/atlas/harness.html) in one frame that stays loaded — each change of the walk is posted
 * to it (`{ atlasMount: { machine, input, events } }`) and it remounts the view in place. The
 * frame is laid out at the chosen width (375 or 1280 px) and scaled down to fit its panel whole:
 * never cut, never scrolled away with the chart (the screen scrolls inside its own frame).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { EventObject } from 'xstate';
import type { Locale, ScreenWidth } from './link';

export interface ScreenProps {
  machine: string;
  input: unknown;
  events: EventObject[];
  locale: Locale;
  width: ScreenWidth;
}

export function Screen({ machine, input, events, locale, width }: ScreenProps) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  const post = useCallback(() => {
    frame.current?.contentWindow?.postMessage({ atlasMount: { machine, input, events } }, location.origin);
  }, [machine, input, events]);
  useEffect(post, [post]);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setSize({ w: el.clientWidth, h: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const scale = size.w > 0 ? Math.min(1, size.w / width) : 1;
  return (
    <div
      ref={box}
      data-testid="screen-box"
      style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden', background: '#fff' }}
    >
      {size.w > 0 && (
        <iframe
          ref={frame}
          title={`Screen of ${machine} (${locale}, ${width} px)`}
          data-testid="screen"
          src={`../atlas/harness.html?locale=${locale}`}
          onLoad={post}
          style={{
            border: 0,
            display: 'block',
            width,
            height: size.h / scale,
            transform: scale === 1 ? undefined : `scale(${scale})`,
            transformOrigin: '0 0',
          }}
        />
      )}
    </div>
  );
}
