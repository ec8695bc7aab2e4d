import { AppError } from '../../core/errors';

/** POST /recurring-series/:id/resume of a series that has ENDED (its count or end date reached). */
export class SeriesEnded extends AppError {
  constructor() {
    super(409, 'RECURRING_SERIES_ENDED', 'The recurring series has ended; change its end date or count to go on');
  }
}

/** The series' contact is not a contact of this organization, or is archived. */
export class SeriesContactInvalid extends AppError {
  constructor() {
    super(400, 'RECURRING_CONTACT_INVALID', 'contactId is not an active contact of this organization');
  }
}
