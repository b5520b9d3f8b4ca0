import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import {
  errorSchemaOf,
  placeErrors,
  serverFieldErrors,
  unchangedFieldErrors,
} from '../../../src/resources/generator/fieldErrors';

describe('server field errors', () => {
  it("reads a 400's field map as the data provider passes it on", () => {
    const error = new HttpError('Invalid input', 400, { errors: { code: 'Subject code is required' } });

    expect(serverFieldErrors(error)).toEqual({ code: 'Subject code is required' });
  });

  it("reads a 409's field map from the envelope", () => {
    const error = new HttpError('This username is already taken', 409, {
      success: false,
      message: 'This username is already taken',
      data: { errors: { username: 'This username is already taken' } },
    });

    expect(serverFieldErrors(error)).toEqual({ username: 'This username is already taken' });
  });

  it('finds none in other failures', () => {
    expect(serverFieldErrors(new HttpError('Cannot delete', 409, { success: false, message: 'Cannot delete' }))).toBeUndefined();
    expect(serverFieldErrors(new Error('offline'))).toBeUndefined();
    expect(serverFieldErrors(undefined)).toBeUndefined();
  });

  it('lands each message on its field, dotted paths on nested items', () => {
    expect(errorSchemaOf({ username: 'This username is already taken', 'content.0.title': 'Title is required', _: 'Whole form' })).toEqual({
      __errors: ['Whole form'],
      username: { __errors: ['This username is already taken'] },
      content: { 0: { title: { __errors: ['Title is required'] } } },
    });
  });

  it("keeps errors for the form's fields and hands back the others", () => {
    expect(placeErrors({ email: 'Taken', 'content.1.title': 'Title is required', filter: 'bad' }, ['email', 'content'])).toEqual({
      placed: { email: 'Taken', 'content.1.title': 'Title is required' },
      unplaced: ['bad'],
    });
  });

  it('drops the error of a field once its value changes', () => {
    const errors = { username: 'Taken', email: 'Taken' };

    expect(unchangedFieldErrors(errors, { username: 'ann', email: 'a@x.example' }, { username: 'anna', email: 'a@x.example' })).toEqual({
      email: 'Taken',
    });
  });
});
