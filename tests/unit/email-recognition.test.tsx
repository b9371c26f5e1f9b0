// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { EmailField } from '#src/islands/checkout/EmailField.tsx';

/**
 * Checkout spec §4 "Email step": account recognition runs 500 ms after a change and on blur, only for a valid
 * address not looked up yet; a registered one says so beside the field.
 */
let recognised: boolean[] = [];
function Harness() {
  const [value, setValue] = useState('');
  const [registered, setRegistered] = useState(false);
  return (
    <EmailField
      value={value}
      onChange={setValue}
      showError={false}
      registered={registered}
      requiresAccount={false}
      onRecognised={(r) => {
        recognised.push(r);
        setRegistered(r);
      }}
    />
  );
}
const email = () => screen.getByLabelText('Email');
const type = (value: string) => fireEvent.change(email(), { target: { value } });
const at = async (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));
const asked = (fetch: ReturnType<typeof vi.fn>) => fetch.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)).email);

let fetch: ReturnType<typeof vi.fn>;
beforeAll(async () => {
  // The API client checks each reply against its schema in tests, loading the schemas at its first call. Loaded here,
  // so the waits for an answer wait on the field, not on a busy machine's first load of that module.
  await import('#src/lib/api/replies/index.ts');
});

beforeEach(() => {
  vi.useFakeTimers();
  recognised = [];
  fetch = vi.fn(
    async (_url: string, init?: RequestInit) =>
      new Response(JSON.stringify({ status: 'success', body: { email: JSON.parse(String(init?.body)).email, registered: true } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

it('looks the e-mail up 500 ms after the last change, not before', async () => {
  render(<Harness />);
  type('ada@example.co');
  await at(300);
  type('ada@example.com');
  await at(499);
  expect(fetch).not.toHaveBeenCalled();
  await at(1);
  expect(asked(fetch)).toEqual(['ada@example.com']);
  await act(() => vi.waitFor(() => expect(recognised).toEqual([true])));
  expect(screen.getByRole('status').textContent).toContain('It looks like you already have an account.');
});

it('looks it up at once when the field is left, and not again for the same address', async () => {
  render(<Harness />);
  type('Ada@Example.com');
  fireEvent.blur(email());
  await at(0);
  expect(asked(fetch)).toEqual(['ada@example.com']);
  await at(500);
  expect(asked(fetch)).toEqual(['ada@example.com']);
});

it('does not look up an address that is not valid', async () => {
  render(<Harness />);
  type('ada@');
  fireEvent.blur(email());
  await at(500);
  expect(fetch).not.toHaveBeenCalled();
});
