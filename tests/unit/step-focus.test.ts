// @vitest-environment jsdom
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { focusAfterScroll } from '#src/islands/checkout/step-focus.ts';

/**
 * Product spec §9 "50 ms scroll check" and §4 "The page scrolls to top on each step change": a step's heading takes
 * focus 50 ms after the step is shown, once the scroll to top has been applied, unless the shopper moved focus first.
 */
let heading: HTMLHeadingElement;
let field: HTMLInputElement;
let pressed: HTMLButtonElement;
beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '<button>Continue</button><h2 tabindex="-1">Shipping</h2><input aria-label="City">';
  pressed = document.querySelector('button')!;
  heading = document.querySelector('h2')!;
  field = document.querySelector('input')!;
  pressed.focus();
});
afterEach(() => vi.useRealTimers());

it('moves focus to the heading 50 ms after the step is shown, not before', () => {
  const settled = vi.fn();
  focusAfterScroll(heading, pressed, settled);
  vi.advanceTimersByTime(49);
  expect(document.activeElement).toBe(pressed);
  expect(settled).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(document.activeElement).toBe(heading);
  expect(settled).toHaveBeenCalledTimes(1);
});

it('leaves focus where the shopper moved it meanwhile', () => {
  focusAfterScroll(heading, pressed, () => {});
  field.focus();
  vi.advanceTimersByTime(50);
  expect(document.activeElement).toBe(field);
});

it('moves focus when it fell to the page (the pressed button went with the old step)', () => {
  focusAfterScroll(heading, pressed, () => {});
  pressed.remove();
  vi.advanceTimersByTime(50);
  expect(document.activeElement).toBe(heading);
});

it('does nothing once cancelled (a render in between starts another)', () => {
  const settled = vi.fn();
  focusAfterScroll(heading, pressed, settled)();
  vi.advanceTimersByTime(50);
  expect(document.activeElement).toBe(pressed);
  expect(settled).not.toHaveBeenCalled();
});
