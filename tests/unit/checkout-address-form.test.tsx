// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AddressForm } from '#src/islands/checkout/AddressForm.tsx';
import { checkAddressBeforeSubmit } from '#src/islands/checkout/address-check.ts';
import { ConfirmAddressModal } from '#src/islands/checkout/ConfirmAddressModal.tsx';
import { type AddressDraft, EMPTY_ADDRESS, FIRST_NAME_REQUIRED, PHONE_INVALID, ZIP_INVALID } from '#src/lib/checkout/address-rules.ts';
import type { AddressSuggestion } from '#src/lib/checkout/address-suggestions.ts';

beforeAll(async () => {
  // The API client checks each reply against its schema in tests, loading the schemas at its first call. Loaded here,
  // so the waits for a drawn answer wait on the form, not on a busy machine's first load of that module.
  await import('#src/lib/api/replies/index.ts');
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const reply = (body: unknown, status = 200) =>
  new Response(JSON.stringify(status === 200 ? { status: 'success', body } : { status: 'error', message: 'No' }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

let current: AddressDraft = EMPTY_ADDRESS;
function Harness({ showAllErrors = false, suggestionsEnabled = true, initial = EMPTY_ADDRESS }) {
  const [value, setValue] = useState(initial);
  current = value;
  return (
    <AddressForm
      idPrefix="ship"
      legend="Shipping Address"
      value={value}
      onChange={setValue}
      showAllErrors={showAllErrors}
      suggestionsEnabled={suggestionsEnabled}
    />
  );
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('the address form', () => {
  it('has every field with its label and autocomplete attribute', () => {
    render(<Harness />);
    const expected: [string, string][] = [
      ['First Name', 'given-name'],
      ['Last Name', 'family-name'],
      ['Address', 'address-line1'],
      ['Apt, Suite, Unit (optional)', 'address-line2'],
      ['Company (optional)', 'organization'],
      ['City', 'address-level2'],
      ['State', 'address-level1'],
      ['ZIP Code', 'postal-code'],
      ['Phone', 'tel'],
    ];
    for (const [label, autocomplete] of expected) expect(field(label).getAttribute('autocomplete'), label).toBe(autocomplete);
    expect(field('Phone').type).toBe('tel');
    expect(within(screen.getByLabelText('State')).getAllByRole('option')).toHaveLength(57); // 56 places and the prompt
  });

  it('checks a field once it is left, not while it is typed, and ties the error to the field', async () => {
    render(<Harness />);
    const first = field('First Name');
    type('First Name', '');
    expect(screen.queryByText(FIRST_NAME_REQUIRED)).toBeNull();
    fireEvent.blur(first);
    await waitFor(() => expect(screen.getByText(FIRST_NAME_REQUIRED)).toBeTruthy());
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(first.getAttribute('aria-describedby') ?? '')?.textContent).toBe(FIRST_NAME_REQUIRED);
    // the other fields, not left, show nothing yet
    expect(field('Last Name').getAttribute('aria-invalid')).toBe('false');
    type('First Name', 'Ann');
    expect(screen.queryByText(FIRST_NAME_REQUIRED)).toBeNull();
    expect(first.getAttribute('aria-describedby')).toBeNull();
  });

  it('removes spaces from a name when it is left: trimmed and inner runs collapsed', () => {
    render(<Harness />);
    type('First Name', '  Mary    Ann ');
    fireEvent.blur(field('First Name'));
    expect(field('First Name').value).toBe('Mary Ann');
  });

  it('shows every error at once and announces how many', () => {
    render(<Harness showAllErrors />);
    expect(screen.getAllByText(/required/)).toHaveLength(7);
    const live = document.getElementById('ship-error-count');
    expect(live?.getAttribute('aria-live')).toBe('polite');
    expect(live?.textContent).toBe('Shipping Address: 7 fields need attention: First Name, Last Name, Address, City, State, ZIP Code, Phone.');
  });

  it('formats the phone (xxx) xxx-xxxx once over 6 digits as it is typed, the leading 1 removed', async () => {
    render(<Harness />);
    type('Phone', '212555');
    expect(field('Phone').value).toBe('212555');
    type('Phone', '12125550134');
    expect(field('Phone').value).toBe('(212) 555-0134');
    // deleting the hyphen deletes the digit before it, rather than being put back
    type('Phone', '(212) 5550134');
    expect(field('Phone').value).toBe('(212) 555-013');
    fireEvent.blur(field('Phone'));
    await waitFor(() => expect(screen.getByText(PHONE_INVALID)).toBeTruthy());
  });
});

describe('address suggestions', () => {
  const nyc: AddressSuggestion = { streetLine: '224 W 35th St', secondary: '', city: 'New York', stateCode: 'NY', zipcode: '10001', entries: 0 };
  const orem: AddressSuggestion = { streetLine: '1042 W Center St', secondary: 'Apt', city: 'Orem', stateCode: 'UT', zipcode: '84057', entries: 3 };
  const bodies = (fetch: ReturnType<typeof vi.fn>) => fetch.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)));

  function setup(answers: AddressSuggestion[][], initial: AddressDraft = { ...EMPTY_ADDRESS, firstName: 'Ann' }, hint?: string) {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
      const suggestions = answers.shift() ?? [];
      return reply(hint && suggestions.length === 0 ? { suggestions, hint } : { suggestions });
    });
    vi.stubGlobal('fetch', fetch);
    // The form's own timers (the 500 ms pause before asking) run on a fake clock, moved on by `settle`.
    vi.useFakeTimers();
    render(<Harness initial={initial} />);
    return fetch;
  }
  /** Typing pauses: the suggestion wait passes, and the answer (read from its body) is drawn. */
  const settle = () => act(async () => vi.advanceTimersByTimeAsync(500));
  const combobox = () => screen.getByRole('combobox', { name: 'Address' });
  const options = () => within(screen.getByRole('listbox', { name: 'Address suggestions' })).getAllByRole('option');

  it('are asked for from 3 characters once typing pauses, and chosen with the arrow keys and Enter', async () => {
    const fetch = setup([[orem, nyc]]);
    type('Address', '22');
    type('Address', '224');
    await settle();
    await vi.waitFor(() => expect(options()).toHaveLength(3));
    expect(bodies(fetch)).toEqual([{ address: '224' }]);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/checkout/smarty');
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(combobox(), { key: 'ArrowDown' });
    fireEvent.keyDown(combobox(), { key: 'ArrowDown' });
    const active = document.getElementById(combobox().getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toBe('224 W 35th St, New York, NY 10001');
    expect(active?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(combobox(), { key: 'Enter' });
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(current).toMatchObject({ firstName: 'Ann', address1: '224 W 35th St', city: 'New York', stateCode: 'NY', postalCode: '10001' });
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('NY');
  });

  it('for a street typed alone, send the city, state and ZIP the form already has (only valid ones)', async () => {
    const springfield = { streetLine: '123 Main', secondary: '', city: 'Springfield', stateCode: 'IL', zipcode: '62701', entries: 0 };
    const fetch = setup([[springfield]], { ...EMPTY_ADDRESS, city: 'Springfield', stateCode: 'IL', postalCode: '627' });
    type('Address', '123 Main');
    await settle();
    await vi.waitFor(() => expect(options()).toHaveLength(2));
    expect(bodies(fetch)).toEqual([{ address: '123 Main', near: { city: 'Springfield', stateCode: 'IL' } }]);
    expect(options()[0]?.textContent).toBe('123 Main, Springfield, IL 62701');
  });

  it('say under the field what would find suggestions when the service answers none with a hint', async () => {
    setup([[]], undefined, 'Add a comma and your city or ZIP code (123 Main St, Portland) to see suggestions.');
    type('Address', '123 Main');
    await settle();
    const hint = await vi.waitFor(() => screen.getByRole('status'));
    expect(hint.textContent).toBe('Add a comma and your city or ZIP code (123 Main St, Portland) to see suggestions.');
    expect(combobox().getAttribute('aria-describedby')).toContain(hint.id);
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    fireEvent.blur(combobox());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('expand an entry with sub-addresses instead of choosing it', async () => {
    const expanded = [1, 2].map((n) => ({ ...orem, secondary: `Apt ${n}`, entries: 1 }));
    const fetch = setup([[orem], expanded]);
    type('Address', '1042 W');
    await settle();
    await vi.waitFor(() => expect(options()).toHaveLength(2));
    expect(options()[0]?.textContent).toBe('1042 W Center St Apt (3 entries), Orem, UT 84057');
    fireEvent.click(options()[0] as HTMLElement);
    await settle();
    await vi.waitFor(() => expect(options()).toHaveLength(3));
    expect(bodies(fetch)[1]).toEqual({ address: '1042 W', selected: '1042 W Center St Apt (3) Orem UT 84057' });
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: '1042 W Center St Apt 2, Orem, UT 84057' }));
    expect(current).toMatchObject({ address1: '1042 W Center St', address2: 'Apt 2', city: 'Orem', stateCode: 'UT', postalCode: '84057' });
  });

  it('close on Escape', async () => {
    setup([[nyc]]);
    type('Address', '224 W');
    await settle();
    await vi.waitFor(() => expect(combobox().getAttribute('aria-expanded')).toBe('true'));
    fireEvent.keyDown(combobox(), { key: 'Escape' });
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(current.address1).toBe('224 W');
  });

  it("stop after 'Enter Address Manually'", async () => {
    const fetch = setup([[nyc], [nyc]]);
    type('Address', '224 W');
    await settle();
    await vi.waitFor(() => expect(options()).toHaveLength(2));
    fireEvent.keyDown(combobox(), { key: 'ArrowUp' });
    expect(document.getElementById(combobox().getAttribute('aria-activedescendant') ?? '')?.textContent).toBe('Enter Address Manually');
    fireEvent.keyDown(combobox(), { key: 'Enter' });
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(current.address1).toBe('224 W');
    vi.useFakeTimers();
    type('Address', '224 W 35th St');
    await act(async () => vi.advanceTimersByTime(2000));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('are not asked for under 3 characters', async () => {
    const fetch = setup([[nyc]]);
    vi.useFakeTimers();
    type('Address', '22');
    await act(async () => vi.advanceTimersByTime(2000));
    expect(fetch).not.toHaveBeenCalled();
    type('Address', '224');
    await act(async () => vi.advanceTimersByTime(2000));
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('are not asked for when the service is off', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => reply({ suggestions: [nyc] }));
    vi.stubGlobal('fetch', fetch);
    vi.useFakeTimers();
    render(<Harness suggestionsEnabled={false} />);
    expect(screen.queryByRole('combobox', { name: 'Address' })).toBeNull();
    type('Address', '224 W 35th St');
    await act(async () => vi.advanceTimersByTime(2000));
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('the Confirm Address modal', () => {
  const entered = { ...EMPTY_ADDRESS, firstName: 'Ann', address1: '224 West 35th Street', city: 'New York', stateCode: 'NY', postalCode: '10001' };
  const suggested = { ...entered, address1: '224 W 35th St', postalCode: '10001-1203' };

  it('shows both addresses and passes on the choice', () => {
    const onUseSuggested = vi.fn();
    const onUseEntered = vi.fn();
    render(
      <ConfirmAddressModal
        open
        entered={entered}
        suggested={suggested}
        onUseSuggested={onUseSuggested}
        onUseEntered={onUseEntered}
        onClose={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Confirm Address' });
    expect(dialog.textContent).toContain('224 West 35th Street');
    expect(dialog.textContent).toContain('224 W 35th St');
    fireEvent.click(screen.getByRole('button', { name: 'Use Suggested Address' }));
    expect(onUseSuggested).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Use Address as Entered' }));
    expect(onUseEntered).toHaveBeenCalledOnce();
  });

  it('the check before submit: confirmed, a suggestion merged into the draft, or straight through', async () => {
    const verify = (verification: unknown, status = 200) => {
      const fetch = vi.fn(async (_url: string, _init?: RequestInit) => reply({ suggestions: [], verification }, status));
      vi.stubGlobal('fetch', fetch);
      return fetch;
    };
    const fetch = verify({ status: 'confirmed' });
    expect(await checkAddressBeforeSubmit(entered)).toBe('confirmed');
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      address: { address1: '224 West 35th Street', address2: '', city: 'New York', stateCode: 'NY', postalCode: '10001' },
      checkAddress: true,
    });
    verify({
      status: 'corrected',
      suggested: { address1: '224 W 35th St', address2: '', city: 'New York', stateCode: 'NY', postalCode: '10001-1203' },
    });
    expect(await checkAddressBeforeSubmit(entered)).toEqual({ suggested });
    verify({ status: 'unverifiable', reason: 'unsupported' });
    expect(await checkAddressBeforeSubmit(entered)).toBe('unverifiable');
    verify(undefined, 500);
    expect(await checkAddressBeforeSubmit(entered)).toBe('unverifiable');
  });
});

describe('the address form’s timers (product spec §9)', () => {
  const nyc: AddressSuggestion = { streetLine: '224 W 35th St', secondary: '', city: 'New York', stateCode: 'NY', zipcode: '00000', entries: 0 };
  const at = async (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

  it('checks a field 200 ms after it is left', async () => {
    vi.useFakeTimers();
    render(<Harness />);
    fireEvent.blur(field('First Name'));
    await at(199);
    expect(screen.queryByText(FIRST_NAME_REQUIRED)).toBeNull();
    await at(1);
    expect(screen.getByText(FIRST_NAME_REQUIRED)).toBeTruthy();
  });

  it('asks for address suggestions 500 ms after typing stops, and checks the filled fields 400 ms after one is chosen', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => reply({ suggestions: [nyc] }));
    vi.stubGlobal('fetch', fetch);
    render(<Harness initial={{ ...EMPTY_ADDRESS, firstName: 'Ann' }} />);
    type('Address', '224');
    await at(300);
    type('Address', '224 W');
    await at(499);
    expect(fetch).not.toHaveBeenCalled();
    await at(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    const list = screen.getByRole('listbox', { name: 'Address suggestions' });
    fireEvent.click(within(list).getByRole('option', { name: '224 W 35th St, New York, NY 00000' }));
    expect(field('ZIP Code').value).toBe('00000');
    await at(399);
    expect(screen.queryByText(ZIP_INVALID)).toBeNull();
    await at(1);
    expect(screen.getByText(ZIP_INVALID)).toBeTruthy();
  });
});
