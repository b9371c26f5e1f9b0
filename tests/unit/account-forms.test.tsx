// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInForm } from '#src/islands/account/SignInForm.tsx';
import { ForgotPassword } from '#src/islands/account/ForgotPassword.tsx';
import { serverMessageOr, UNKNOWN_ERROR } from '#src/lib/errors.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const html = (status: number) => vi.fn(async () => new Response('<html>Bad gateway</html>', { status, headers: { 'content-type': 'text/html' } }));

describe('the fallback texts of checkout spec §8', () => {
  it("use the server's message when it sent one, the fallback otherwise", () => {
    expect(serverMessageOr({ status: 401, message: 'Wrong e-mail or password.' }, 'F')).toBe('Wrong e-mail or password.');
    expect(serverMessageOr({ status: 502, message: UNKNOWN_ERROR }, 'F')).toBe('F');
    expect(serverMessageOr({ status: 0, message: 'Failed to fetch' }, 'F')).toBe('F');
  });
});

describe('sign-in form', () => {
  const fill = (email: string, password = 'secret123') => {
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  };

  it("says 'Email is required' or 'Valid email is required' once the field is left", () => {
    render(<SignInForm />);
    const email = screen.getByLabelText('Email');
    fireEvent.blur(email);
    expect(screen.getByText('Email is required')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'ann@' } });
    expect(screen.getByText('Valid email is required')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's message on a refused sign-in, and keeps what was typed", async () => {
    vi.stubGlobal('fetch', json(401, { status: 'error', message: 'The e-mail or password is not right.' }));
    render(<SignInForm />);
    fill('ann@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The e-mail or password is not right.');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ann@example.com');
  });

  it("says 'Something went wrong. Try again' when the reply has no message", async () => {
    vi.stubGlobal('fetch', html(502));
    render(<SignInForm />);
    fill('ann@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Try again');
  });
});

describe('forgot password form: idle, submitting, success or error', () => {
  it("success shows the server's 'A link has been sent to …'", async () => {
    let release: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (release = r))),
    );
    render(<ForgotPassword initialEmail="ann@example.com" />);
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    const sending = await screen.findByRole('button', { name: 'Sending…' });
    // Busy, but not disabled: a disabled button would drop the keyboard's focus to the page.
    expect(sending.getAttribute('aria-disabled')).toBe('true');
    expect(sending.getAttribute('aria-busy')).toBe('true');
    expect((sending as HTMLButtonElement).disabled).toBe(false);
    release(new Response(JSON.stringify({ status: 'success', body: { message: 'A link has been sent to ann@example.com' } }), { status: 200 }));
    const answer = await screen.findByRole('status');
    expect(answer.textContent).toBe('A link has been sent to ann@example.com');
    // The answer takes focus, so it is read out.
    await waitFor(() => expect(document.activeElement).toBe(answer));
  });

  it("a network failure shows 'Something went wrong. Please try again.'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    render(<ForgotPassword initialEmail="ann@example.com" />);
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
  });

  it("an empty field, once left, says 'Email is required'", async () => {
    render(<ForgotPassword />);
    fireEvent.blur(screen.getByLabelText('Email'));
    await waitFor(() => expect(screen.getByText('Email is required')).toBeTruthy());
  });
});
