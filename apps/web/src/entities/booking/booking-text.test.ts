import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { updateFailedMessage } from './booking-text';

const t = ((key: string) => key) as unknown as TFunction<'booking'>;

describe('updateFailedMessage (issue 38, SPEC §8)', () => {
  it('says "You must be logged in to update bookings" when the session has gone', () => {
    expect(updateFailedMessage(new ApiError(401, 'UNAUTHORIZED', 'Authentication required'), t)).toBe('errors.loginToUpdate');
  });
  it('says the change failed otherwise', () => {
    expect(updateFailedMessage(new ApiError(500, 'INTERNAL', 'boom'), t)).toBe('errors.updateFailed');
    expect(updateFailedMessage(new Error('offline'), t)).toBe('errors.updateFailed');
  });
});
