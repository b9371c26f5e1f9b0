import { describe, expect, it } from 'vitest';
import { isJsonMediaType } from '#src/web/http/api.ts';

/** Only a body sent as application/json (in UTF-8) is read as JSON. */
describe('the JSON media type of a request body', () => {
  it.each([
    'application/json',
    'Application/JSON',
    'application/json; charset=utf-8',
    'application/json;charset=UTF-8',
    'application/json; charset="utf-8"',
    ' application/json ',
  ])('%s is JSON', (header) => expect(isJsonMediaType(header)).toBe(true));
  it.each([
    'text/plain; x=application/json',
    'text/plain;application/json',
    'multipart/form-data; boundary=application/json',
    'application/jsonx',
    'application/json-patch+json',
    'application/json, text/plain',
    'application/json; charset=latin1',
    'application/json; charset=utf-16',
    'json',
    '',
  ])('%s is not', (header) => expect(isJsonMediaType(header)).toBe(false));
  it('a missing header is not', () => expect(isJsonMediaType(null)).toBe(false));
});
