import { graphql } from '../../gql';

graphql(`
  fragment RecurringSeriesFields on RecurringSeries {
    id
    name
    documentType
    contactId
    currency
    items {
      name
      quantity
      unit
      unitPrice
      vatRate
      priceIncludesVat
    }
    note
    tags
    dueInDays
    language
    startDate
    unit
    every
    lastDayOfMonth
    endDate
    count
    issueAndSend
    status
    nextDate
    lastOccurrenceDate
    lastError
  }
`);

export const RecurringSeriesListDocument = graphql(`
  query RecurringSeriesList($limit: Int, $cursor: String, $status: RecurringSeriesStatus, $view: ID) {
    recurringSeries(limit: $limit, cursor: $cursor, status: $status, view: $view) {
      data {
        ...RecurringSeriesFields
      }
      nextCursor
    }
  }
`);

/** A series with its next 12 issue dates and what it generated (newest first). */
export const RecurringSeriesDetailDocument = graphql(`
  query RecurringSeriesDetail($id: ID!) {
    recurringSeriesOne(id: $id) {
      ...RecurringSeriesFields
    }
    recurringSeriesPreview(id: $id) {
      dates
    }
    recurringSeriesDocuments(id: $id, limit: 100) {
      data {
        index
        date
        documentId
      }
    }
  }
`);

export const RecurringSeriesEditDocument = graphql(`
  query RecurringSeriesEdit($id: ID!) {
    recurringSeriesOne(id: $id) {
      ...RecurringSeriesFields
    }
  }
`);

export const CreateRecurringSeriesDocument = graphql(`
  mutation CreateRecurringSeries($input: RecurringSeriesInput!) {
    createRecurringSeries(input: $input) {
      id
    }
  }
`);

export const UpdateRecurringSeriesDocument = graphql(`
  mutation UpdateRecurringSeries($id: ID!, $input: RecurringSeriesInput!) {
    updateRecurringSeries(id: $id, input: $input) {
      id
    }
  }
`);

export const DeleteRecurringSeriesDocument = graphql(`
  mutation DeleteRecurringSeries($id: ID!) {
    deleteRecurringSeries(id: $id)
  }
`);

export const PauseRecurringSeriesDocument = graphql(`
  mutation PauseRecurringSeries($id: ID!) {
    pauseRecurringSeries(id: $id) {
      id
      status
    }
  }
`);

export const ResumeRecurringSeriesDocument = graphql(`
  mutation ResumeRecurringSeries($id: ID!) {
    resumeRecurringSeries(id: $id) {
      id
      status
    }
  }
`);

export const RecurringSchedulePreviewDocument = graphql(`
  query RecurringSchedulePreview($schedule: RecurringScheduleInput!) {
    recurringSchedulePreview(schedule: $schedule) {
      dates
    }
  }
`);
