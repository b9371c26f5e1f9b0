/**
 * The spec's password rule: 8-16 characters with at least one letter and one digit. The checklist items are the
 * live indicators shown under a password field ('8-16 Characters', '1 Letter', '1 Number').
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;

export interface PasswordCheck {
  label: '8-16 Characters' | '1 Letter' | '1 Number';
  met: boolean;
}

export function passwordChecklist(password: string): PasswordCheck[] {
  return [
    { label: '8-16 Characters', met: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX },
    { label: '1 Letter', met: /\p{L}/u.test(password) },
    { label: '1 Number', met: /\d/.test(password) },
  ];
}

export const isValidPassword = (password: string) => passwordChecklist(password).every((c) => c.met);
