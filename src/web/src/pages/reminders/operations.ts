import { graphql } from '../../gql';

export const ReminderStepsDocument = graphql(`
  query ReminderSteps {
    reminderSteps {
      id
      days
      active
    }
  }
`);

export const SaveReminderStepsDocument = graphql(`
  mutation SaveReminderSteps($steps: [ReminderStepInput!]!) {
    saveReminderSteps(steps: $steps) {
      id
      days
      active
    }
  }
`);

export const DocumentRemindersDocument = graphql(`
  query DocumentReminders($documentId: ID!) {
    documentReminders(documentId: $documentId) {
      enabled
      sent {
        stepId
        days
        sentAt
      }
    }
  }
`);

export const SetDocumentRemindersDocument = graphql(`
  mutation SetDocumentReminders($documentId: ID!, $enabled: Boolean!) {
    setDocumentReminders(documentId: $documentId, enabled: $enabled) {
      enabled
      sent {
        stepId
        days
        sentAt
      }
    }
  }
`);
