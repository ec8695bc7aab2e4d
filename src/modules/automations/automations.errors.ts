import { AppError } from '../../core/errors';

// The automations module's domain errors, each with its stable code (REST body and GraphQL extensions.code).

export class AutomationNotFound extends AppError {
  constructor() {
    super(404, 'NOT_FOUND', 'Automation not found');
  }
}

/** A manual run names another organization in its context (DESIGN 4). */
export class RunContextForbidden extends AppError {
  constructor() {
    super(403, 'FORBIDDEN', 'context.organizationId must be your own organization');
  }
}

/** Why one action failed; recorded in the run, never an HTTP error (SPEC 7.4). */
export class ActionFailed extends Error {}
