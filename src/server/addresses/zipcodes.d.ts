// The zipcodes package ships no types; only the part we read is declared (its records are checked on load).
declare module 'zipcodes' {
  export const codes: Record<string, unknown>;
}
