// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { pressedButtonTemplate } from './pressed-button';
import { prerenderPressedButtonTemplate } from './render';

describe('the pressed button template (decision 198)', () => {
  it("holds Mantine's loader of a loading Button, and nothing else", () => {
    const holder = document.createElement('div');
    holder.innerHTML = prerenderPressedButtonTemplate();
    const template = holder.querySelector('template#shell-pressed') as HTMLTemplateElement;
    expect(template).not.toBeNull();
    const loader = template.content.firstElementChild;
    expect(template.content.childElementCount).toBe(1);
    expect(loader?.classList.contains('mantine-Button-loader')).toBe(true);
    expect(loader?.getAttribute('aria-hidden')).toBe('true');
    // The loader itself, in the button's colour.
    const spinner = loader?.querySelector('.mantine-Loader-root') as HTMLElement | null;
    expect(spinner?.style.getPropertyValue('--loader-color')).toBe('var(--button-color)');
    // No text: nothing a screen reader would read into the pressed button's name.
    expect(template.content.textContent).toBe('');
  });

  it('fails the build when a loading Mantine Button renders no loader', () => {
    expect(() => pressedButtonTemplate(() => '<button data-loading="true"><span>Go</span></button>')).toThrow(
      /rendered no loader/,
    );
  });
});
