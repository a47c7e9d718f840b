// @vitest-environment jsdom
/**
 * Mantine's ids (decision 150): the app's `useId` (src/ui/mantine-use-id.ts, put in place of
 * `@mantine/hooks`'s by scripts/vite-mantine.ts) gives a control its id in the first render
 * and keeps it, so mounting a control is one commit, where Mantine's own hook commits twice (it sets
 * a random id in a layout effect). Ids stay unique across components and roots.
 */
import { useId as mantineUseId } from '@mantine/hooks';
import { act, render } from '@testing-library/react';
import { Profiler, type ReactNode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useId } from './mantine-use-id';

/** Renders `node` into a root of its own; returns the commits React made while mounting it. */
function mount(node: ReactNode): string[] {
  const commits: string[] = [];
  render(
    <Profiler id="field" onRender={(_id, phase) => commits.push(phase)}>
      {node}
    </Profiler>,
  );
  return commits;
}

function Field({ hook, label, id }: { hook: (id?: string) => string; label: string; id?: string }) {
  const inputId = hook(id);
  return (
    <>
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} />
    </>
  );
}

/** The id the label with this text names. */
const idOf = (label: string) =>
  [...document.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor;

let rerender = () => {};
/** Two fields, and a way to render them again. */
function Form() {
  const [count, setCount] = useState(0);
  rerender = () => setCount((n) => n + 1);
  return (
    <div data-count={count}>
      <Field hook={useId} label="Practice name" />
      <Field hook={useId} label="Phone" />
    </div>
  );
}

describe("the app's useId in place of Mantine's", () => {
  it("mounts a control in one commit, where Mantine's own hook takes two", () => {
    // The second is the random id set in a layout effect: rendered at once, in the same task.
    expect(mount(<Field hook={mantineUseId} label="Mantine's" />)).toEqual(['mount', 'nested-update']);
    expect(mount(<Field hook={useId} label="The app's" />)).toEqual(['mount']);
  });

  it('keeps the id of the first render, across renders, unique per control and per root', () => {
    mount(<Form />);
    mount(<Field hook={useId} label="In another root" />);
    const first = ['Practice name', 'Phone', 'In another root'].map(idOf);
    expect(first.every((id) => /^mantine-[\w-]+$/.test(id ?? ''))).toBe(true);
    expect(new Set(first).size).toBe(3);
    act(() => rerender());
    expect(['Practice name', 'Phone', 'In another root'].map(idOf)).toEqual(first);
    // Each label names its own input.
    for (const label of document.querySelectorAll('label'))
      expect(document.getElementById(label.htmlFor)?.previousElementSibling).toBe(label);
  });

  it('gives a static id, as Mantine does', () => {
    mount(<Field hook={useId} label="Date of birth" id="dob" />);
    expect(idOf('Date of birth')).toBe('dob');
  });
});
