import { graphql } from '../../gql';

graphql(`
  fragment AutomationFields on Automation {
    id
    name
    isActive
    triggerType
    triggerEvent
    triggerCron
    conditions {
      field
      name
      operator
      value
    }
    actions {
      type
      params
    }
    updatedAt
  }
`);

export const AutomationsDocument = graphql(`
  query Automations($limit: Int, $cursor: String) {
    automations(limit: $limit, cursor: $cursor) {
      data {
        ...AutomationFields
      }
      nextCursor
    }
  }
`);

export const AutomationDocument = graphql(`
  query Automation($id: ID!, $limit: Int, $cursor: String) {
    automation(id: $id) {
      ...AutomationFields
    }
    automationRuns(automationId: $id, limit: $limit, cursor: $cursor) {
      data {
        id
        status
        trigger
        startedAt
        finishedAt
        error
        context
        actions {
          index
          type
          status
          detail
          error
        }
      }
      nextCursor
    }
  }
`);

export const CreateAutomationDocument = graphql(`
  mutation CreateAutomation($input: CreateAutomationInput!) {
    createAutomation(input: $input) {
      id
    }
  }
`);

export const UpdateAutomationDocument = graphql(`
  mutation UpdateAutomation($id: ID!, $input: UpdateAutomationInput!) {
    updateAutomation(id: $id, input: $input) {
      id
    }
  }
`);

export const DeleteAutomationDocument = graphql(`
  mutation DeleteAutomation($id: ID!) {
    deleteAutomation(id: $id)
  }
`);

export const RunAutomationDocument = graphql(`
  mutation RunAutomation($id: ID!, $context: JSONObject!) {
    runAutomation(id: $id, context: $context) {
      id
      status
    }
  }
`);
