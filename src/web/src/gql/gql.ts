/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query SavedViews($resource: String) {\n    savedViews(resource: $resource, limit: 100) {\n      data {\n        id\n        name\n        filters\n        sort\n        shared\n      }\n    }\n  }\n": typeof types.SavedViewsDocument,
    "\n  mutation CreateSavedView($input: SavedViewInput!) {\n    createSavedView(input: $input) {\n      id\n      name\n      filters\n      sort\n      shared\n    }\n  }\n": typeof types.CreateSavedViewDocument,
    "\n  query ApiKeys($limit: Int, $cursor: String) {\n    apiKeys(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        redacted\n        permissions {\n          documents\n          costs\n          contacts\n          reports\n          company_settings\n          payments\n          automations\n        }\n        createdAt\n      }\n      nextCursor\n    }\n  }\n": typeof types.ApiKeysDocument,
    "\n  query QuotaUsage($cursor: String) {\n    quotaUsage(limit: 200, cursor: $cursor) {\n      data {\n        credentialId\n        credentialType\n        used\n        limit\n        remaining\n      }\n      nextCursor\n    }\n  }\n": typeof types.QuotaUsageDocument,
    "\n  mutation CreateApiKey($name: String!, $permissions: PermissionsInput) {\n    createApiKey(name: $name, permissions: $permissions) {\n      id\n      name\n      key\n    }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation DeleteApiKey($id: ID!) {\n    deleteApiKey(id: $id)\n  }\n": typeof types.DeleteApiKeyDocument,
    "\n  query AuditLog($limit: Int, $cursor: String, $action: AuditAction, $userId: ID) {\n    auditLog(limit: $limit, cursor: $cursor, action: $action, userId: $userId) {\n      data {\n        id\n        createdAt\n        action\n        ip\n        userAgent\n        details\n        actor {\n          userId\n          email\n          kind\n          credentialId\n        }\n        target {\n          type\n          id\n        }\n      }\n      nextCursor\n    }\n  }\n": typeof types.AuditLogDocument,
    "\n  query AuditPeople {\n    users(limit: 200) {\n      data {\n        id\n        email\n      }\n      nextCursor\n    }\n  }\n": typeof types.AuditPeopleDocument,
    "\n  fragment AutomationFields on Automation {\n    id\n    name\n    isActive\n    triggerType\n    triggerEvent\n    triggerCron\n    conditions {\n      field\n      name\n      operator\n      value\n    }\n    actions {\n      type\n      params\n    }\n    updatedAt\n  }\n": typeof types.AutomationFieldsFragmentDoc,
    "\n  query Automations($limit: Int, $cursor: String) {\n    automations(limit: $limit, cursor: $cursor) {\n      data {\n        ...AutomationFields\n      }\n      nextCursor\n    }\n  }\n": typeof types.AutomationsDocument,
    "\n  query Automation($id: ID!, $limit: Int, $cursor: String) {\n    automation(id: $id) {\n      ...AutomationFields\n    }\n    automationRuns(automationId: $id, limit: $limit, cursor: $cursor) {\n      data {\n        id\n        status\n        trigger\n        startedAt\n        finishedAt\n        error\n        context\n        actions {\n          index\n          type\n          status\n          detail\n          error\n        }\n      }\n      nextCursor\n    }\n  }\n": typeof types.AutomationDocument,
    "\n  mutation CreateAutomation($input: CreateAutomationInput!) {\n    createAutomation(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateAutomationDocument,
    "\n  mutation UpdateAutomation($id: ID!, $input: UpdateAutomationInput!) {\n    updateAutomation(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.UpdateAutomationDocument,
    "\n  mutation DeleteAutomation($id: ID!) {\n    deleteAutomation(id: $id)\n  }\n": typeof types.DeleteAutomationDocument,
    "\n  mutation RunAutomation($id: ID!, $context: JSONObject!) {\n    runAutomation(id: $id, context: $context) {\n      id\n      status\n    }\n  }\n": typeof types.RunAutomationDocument,
    "\n  query NumberingSeries {\n    numberingSeries {\n      documentType\n      format\n      restart\n      nextNumber\n      preview\n    }\n  }\n": typeof types.NumberingSeriesDocument,
    "\n  mutation UpdateNumberingSeries($series: [NumberingSeriesInput!]!) {\n    updateNumberingSeries(series: $series) {\n      documentType\n      preview\n    }\n  }\n": typeof types.UpdateNumberingSeriesDocument,
    "\n  query CompanySettings {\n    companySettings {\n      legalName\n      taxId\n      vatId\n      vatPayer\n      street\n      city\n      zip\n      country\n      iban\n      accountNumber\n      email\n      phone\n      registryText\n      lockIssuedDocuments\n    }\n    taxFilingSettings {\n      taxOfficeCode\n      taxOfficeWorkplaceCode\n      filerType\n      filerFirstName\n      filerLastName\n      vatPeriod\n      naceCode\n    }\n    documentLook {\n      accentColor\n      footerText\n      language\n      logoContentType\n    }\n  }\n": typeof types.CompanySettingsDocument,
    "\n  mutation UpdateCompanySettings($input: UpdateCompanySettingsInput!) {\n    updateCompanySettings(input: $input) {\n      accountNumber\n    }\n  }\n": typeof types.UpdateCompanySettingsDocument,
    "\n  mutation UpdateTaxFilingSettings($input: UpdateTaxFilingSettingsInput!) {\n    updateTaxFilingSettings(input: $input) {\n      taxOfficeCode\n    }\n  }\n": typeof types.UpdateTaxFilingSettingsDocument,
    "\n  mutation UpdateDocumentLook($input: UpdateDocumentLookInput!) {\n    updateDocumentLook(input: $input) {\n      accentColor\n    }\n  }\n": typeof types.UpdateDocumentLookDocument,
    "\n  mutation UploadCompanyLogo($input: UploadLogoInput!) {\n    uploadCompanyLogo(input: $input) {\n      logoContentType\n    }\n  }\n": typeof types.UploadCompanyLogoDocument,
    "\n  mutation DeleteCompanyLogo {\n    deleteCompanyLogo {\n      logoContentType\n    }\n  }\n": typeof types.DeleteCompanyLogoDocument,
    "\n  query OAuthGrants($limit: Int, $cursor: String) {\n    oauthGrants(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        scopes\n        createdAt\n        updatedAt\n        application {\n          id\n          name\n          description\n        }\n      }\n      nextCursor\n    }\n  }\n": typeof types.OAuthGrantsDocument,
    "\n  mutation RevokeOAuthGrant($id: ID!) {\n    revokeOAuthGrant(id: $id)\n  }\n": typeof types.RevokeOAuthGrantDocument,
    "\n  fragment ContactFields on Contact {\n    id\n    type\n    name\n    email\n    phone\n    taxId\n    vatId\n    street\n    city\n    zip\n    country\n    language\n    archived\n    updatedAt\n  }\n": typeof types.ContactFieldsFragmentDoc,
    "\n  query Contacts($limit: Int, $cursor: String, $search: String, $archived: Boolean, $view: ID) {\n    contacts(limit: $limit, cursor: $cursor, search: $search, archived: $archived, view: $view) {\n      data {\n        ...ContactFields\n      }\n      nextCursor\n    }\n  }\n": typeof types.ContactsDocument,
    "\n  query Contact($id: ID!) {\n    contact(id: $id) {\n      ...ContactFields\n    }\n  }\n": typeof types.ContactDocument,
    "\n  mutation CreateContact($input: CreateContactInput!) {\n    createContact(input: $input) {\n      ...ContactFields\n    }\n  }\n": typeof types.CreateContactDocument,
    "\n  mutation UpdateContact($id: ID!, $input: UpdateContactInput!) {\n    updateContact(id: $id, input: $input) {\n      ...ContactFields\n    }\n  }\n": typeof types.UpdateContactDocument,
    "\n  query CostList(\n    $limit: Int\n    $cursor: String\n    $search: String\n    $status: CostStatus\n    $kind: CostKind\n    $overdue: Boolean\n    $from: String\n    $to: String\n    $view: ID\n    $sort: String\n  ) {\n    costs(\n      limit: $limit\n      cursor: $cursor\n      search: $search\n      status: $status\n      kind: $kind\n      overdue: $overdue\n      from: $from\n      to: $to\n      view: $view\n      sort: $sort\n    ) {\n      data {\n        id\n        number\n        kind\n        status\n        overdue\n        supplierDocumentNumber\n        supplier {\n          name\n        }\n        issuedAt\n        dueAt\n        total\n        remainingAmount\n        currency\n      }\n      nextCursor\n    }\n  }\n": typeof types.CostListDocument,
    "\n  query CostSuppliers {\n    suppliers: contacts(type: SUPPLIER, limit: 200, archived: false) {\n      data {\n        id\n        name\n      }\n    }\n    both: contacts(type: BOTH, limit: 200, archived: false) {\n      data {\n        id\n        name\n      }\n    }\n  }\n": typeof types.CostSuppliersDocument,
    "\n  query CostTotalsPreview($items: [DocumentItemInput!]!) {\n    documentTotalsPreview(items: $items) {\n      subtotal\n      vatTotal\n      total\n      vatRates {\n        vatRate\n        subtotal\n        vatTotal\n        total\n      }\n    }\n  }\n": typeof types.CostTotalsPreviewDocument,
    "\n  fragment CostDetailFields on Cost {\n    id\n    number\n    kind\n    status\n    overdue\n    supplierId\n    supplier {\n      name\n      taxId\n      vatId\n      street\n      city\n      zip\n    }\n    supplierDocumentNumber\n    variableSymbol\n    issuedAt\n    receivedAt\n    taxableSupplyDate\n    vatClaimDate\n    dueAt\n    paidAt\n    cancelledAt\n    currency\n    subtotal\n    vatTotal\n    total\n    paidAmount\n    remainingAmount\n    reverseCharge\n    taxDeductible\n    note\n    items {\n      name\n      quantity\n      unit\n      unitPrice\n      vatRate\n      base\n      vat\n      total\n    }\n    vatSummary {\n      vatRate\n      subtotal\n      vatTotal\n      total\n    }\n    attachments {\n      id\n      filename\n      contentType\n      size\n    }\n  }\n": typeof types.CostDetailFieldsFragmentDoc,
    "\n  query Cost($id: ID!) {\n    cost(id: $id) {\n      ...CostDetailFields\n    }\n    payments(costId: $id, limit: 100) {\n      data {\n        id\n        amount\n        currency\n        receivedAt\n        method\n        note\n        matchStatus\n      }\n    }\n  }\n": typeof types.CostDocument,
    "\n  mutation CreateCost($input: CreateCostInput!) {\n    createCost(input: $input) {\n      id\n      number\n    }\n  }\n": typeof types.CreateCostDocument,
    "\n  mutation UpdateCost($id: ID!, $input: UpdateCostInput!) {\n    updateCost(id: $id, input: $input) {\n      ...CostDetailFields\n    }\n  }\n": typeof types.UpdateCostDocument,
    "\n  mutation CancelCost($id: ID!) {\n    cancelCost(id: $id) {\n      ...CostDetailFields\n    }\n  }\n": typeof types.CancelCostDocument,
    "\n  mutation DeleteCost($id: ID!) {\n    deleteCost(id: $id)\n  }\n": typeof types.DeleteCostDocument,
    "\n  mutation PayCost($input: CreatePaymentInput!) {\n    createPayment(input: $input) {\n      id\n      amount\n      currency\n      matchStatus\n    }\n  }\n": typeof types.PayCostDocument,
    "\n  query OutgoingPayments($limit: Int, $cursor: String) {\n    payments(direction: OUT, limit: $limit, cursor: $cursor, sort: \"-createdAt\") {\n      data {\n        id\n        amount\n        currency\n        receivedAt\n        method\n        counterAccount\n        counterAccountName\n        variableSymbol\n        matchStatus\n        costId\n        note\n      }\n      nextCursor\n    }\n  }\n": typeof types.OutgoingPaymentsDocument,
    "\n  query DashboardStatistics($from: String!, $to: String!) {\n    statistics(from: $from, to: $to, groupBy: \"month\") {\n      periods {\n        period\n        invoiced {\n          documentCount\n          total\n        }\n        paid\n      }\n      aging {\n        notYetDue {\n          amount\n          count\n        }\n        d1_30 {\n          amount\n          count\n        }\n        d31_60 {\n          amount\n          count\n        }\n        d61_90 {\n          amount\n          count\n        }\n        d90plus {\n          amount\n          count\n        }\n      }\n    }\n  }\n": typeof types.DashboardStatisticsDocument,
    "\n  query DashboardInvoices($today: String!) {\n    overdue: documents(type: INVOICE, unpaid: true, dueBefore: $today, limit: 200, sort: \"issuedAt\") {\n      data {\n        ...DashboardInvoice\n      }\n      nextCursor\n    }\n  }\n  fragment DashboardInvoice on Document {\n    id\n    number\n    clientName\n    dueAt\n    currency\n    remainingAmount\n    sentAt\n  }\n": typeof types.DashboardInvoicesDocument,
    "\n  query DashboardCash($from: String!, $to: String!) {\n    statistics(from: $from, to: $to, groupBy: \"day\") {\n      periods {\n        period\n        cashIn\n        cashOut\n      }\n    }\n  }\n": typeof types.DashboardCashDocument,
    "\n  query DashboardInbox {\n    inboxItems(status: EXTRACTED, limit: 200) {\n      data {\n        id\n      }\n      nextCursor\n    }\n  }\n": typeof types.DashboardInboxDocument,
    "\n  query DashboardHooks {\n    webhooks(limit: 100) {\n      data {\n        id\n        name\n        isActive\n      }\n    }\n    automations(limit: 100) {\n      data {\n        id\n        name\n        isActive\n      }\n    }\n  }\n": typeof types.DashboardHooksDocument,
    "\n  query DashboardWebhookDeliveries($webhookId: ID!) {\n    webhookDeliveries(webhookId: $webhookId, limit: 1) {\n      data {\n        id\n        status\n        createdAt\n        attempts {\n          at\n        }\n      }\n    }\n  }\n": typeof types.DashboardWebhookDeliveriesDocument,
    "\n  query DashboardAutomationRuns($automationId: ID!) {\n    automationRuns(automationId: $automationId, limit: 1) {\n      data {\n        id\n        status\n        startedAt\n      }\n    }\n  }\n": typeof types.DashboardAutomationRunsDocument,
    "\n  mutation DashboardSendReminder($id: ID!) {\n    sendDocumentEmail(id: $id, input: { kind: \"REMINDER\" }) {\n      id\n      status\n      sentAt\n    }\n  }\n": typeof types.DashboardSendReminderDocument,
    "\n  mutation CreateDocumentExport($input: CreateExportInput!) {\n    createExport(input: $input) {\n      id\n      status\n    }\n  }\n": typeof types.CreateDocumentExportDocument,
    "\n  query DocumentExportStatus($id: ID!) {\n    export(id: $id) {\n      id\n      status\n      progress {\n        done\n        total\n      }\n      error\n      downloadUrl\n    }\n  }\n": typeof types.DocumentExportStatusDocument,
    "\n  fragment DocumentItemFields on DocumentItem {\n    name\n    quantity\n    unit\n    unitPrice\n    vatRate\n    priceIncludesVat\n  }\n": typeof types.DocumentItemFieldsFragmentDoc,
    "\n  query DocumentList(\n    $limit: Int\n    $cursor: String\n    $search: String\n    $type: DocumentType\n    $status: DocumentStatus\n    $contactId: ID\n    $from: String\n    $to: String\n    $sort: String\n    $view: ID\n    $unpaid: Boolean\n    $dueBefore: String\n  ) {\n    documents(\n      limit: $limit\n      cursor: $cursor\n      search: $search\n      type: $type\n      status: $status\n      contactId: $contactId\n      from: $from\n      to: $to\n      sort: $sort\n      view: $view\n      unpaid: $unpaid\n      dueBefore: $dueBefore\n    ) {\n      data {\n        id\n        type\n        status\n        number\n        clientName\n        currency\n        total\n        remainingAmount\n        issuedAt\n        dueAt\n      }\n      nextCursor\n    }\n  }\n": typeof types.DocumentListDocument,
    "\n  query ContactChoices {\n    contacts(limit: 200, archived: false) {\n      data {\n        id\n        name\n        email\n      }\n    }\n  }\n": typeof types.ContactChoicesDocument,
    "\n  query ProductChoices {\n    products(limit: 200, active: true) {\n      data {\n        ...ProductSummary\n      }\n    }\n  }\n": typeof types.ProductChoicesDocument,
    "\n  query DocumentTotalsPreview($items: [DocumentItemInput!]!, $reverseCharge: ReverseChargeInput) {\n    documentTotalsPreview(items: $items, reverseCharge: $reverseCharge) {\n      items {\n        base\n        vat\n        total\n      }\n      vatRates {\n        vatRate\n        subtotal\n        vatTotal\n        total\n      }\n      subtotal\n      vatTotal\n      total\n    }\n  }\n": typeof types.DocumentTotalsPreviewDocument,
    "\n  query EditDocument($id: ID!) {\n    document(id: $id) {\n      id\n      type\n      status\n      number\n      contactId\n      clientName\n      currency\n      variableSymbol\n      note\n      validUntil\n      language\n      exchangeRate\n      subtotalCzk\n      vatTotalCzk\n      totalCzk\n      issuedAt\n      taxableSupplyDate\n      dueAt\n      reverseCharge {\n        regime\n        code\n      }\n      items {\n        ...DocumentItemFields\n      }\n    }\n  }\n": typeof types.EditDocumentDocument,
    "\n  mutation CreateDocument($input: CreateDocumentInput!) {\n    createDocument(input: $input) {\n      id\n      number\n    }\n  }\n": typeof types.CreateDocumentDocument,
    "\n  mutation UpdateDocument($id: ID!, $input: UpdateDocumentInput!) {\n    updateDocument(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.UpdateDocumentDocument,
    "\n  query DocumentDetail($id: ID!) {\n    document(id: $id) {\n      id\n      type\n      status\n      allowedTransitions\n      number\n      variableSymbol\n      contactId\n      clientName\n      currency\n      items {\n        ...DocumentItemFields\n        base\n        vat\n        total\n      }\n      subtotal\n      vatTotal\n      total\n      paidAmount\n      remainingAmount\n      creditedAmount\n      exchangeRate\n      subtotalCzk\n      vatTotalCzk\n      totalCzk\n      correctedDocumentId\n      correctedDocumentNumber\n      creditNoteReason\n      creditNotes {\n        id\n        number\n      }\n      language\n      tags\n      note\n      issuedAt\n      taxableSupplyDate\n      dueAt\n      sentAt\n      paidAt\n      cancelledAt\n      publicUrl\n      reverseCharge {\n        regime\n        code\n      }\n      proformaId\n      proformaNumber\n      advanceDocuments {\n        id\n        number\n        amount\n      }\n      finalInvoiceId\n      settledAdvances {\n        id\n        number\n        amount\n      }\n      convertibleTo\n      sourceDocumentId\n      derivedDocumentIds\n      validUntil\n      answeredAt\n      answerNote\n      createdAt\n      updatedAt\n    }\n  }\n": typeof types.DocumentDetailDocument,
    "\n  mutation CreateCreditNote($id: ID!, $input: CreditNoteInput!) {\n    createCreditNote(id: $id, input: $input) {\n      id\n      number\n    }\n  }\n": typeof types.CreateCreditNoteDocument,
    "\n  query DocumentPayments($documentId: ID!) {\n    payments(documentId: $documentId, limit: 200) {\n      data {\n        id\n        amount\n        currency\n        receivedAt\n        variableSymbol\n        counterAccount\n        matchStatus\n        matchedAt\n      }\n    }\n  }\n": typeof types.DocumentPaymentsDocument,
    "\n  query DocumentHistory($id: ID!) {\n    documentHistory(id: $id, limit: 200) {\n      data {\n        action\n        fromStatus\n        toStatus\n        reason\n        userId\n        at\n      }\n    }\n  }\n": typeof types.DocumentHistoryDocument,
    "\n  mutation TransitionDocument($id: ID!, $status: DocumentStatus!) {\n    transitionDocument(id: $id, status: $status) {\n      id\n      status\n    }\n  }\n": typeof types.TransitionDocumentDocument,
    "\n  mutation SendDocumentEmail($id: ID!, $input: SendDocumentEmailInput) {\n    sendDocumentEmail(id: $id, input: $input) {\n      id\n      status\n      sentAt\n    }\n  }\n": typeof types.SendDocumentEmailDocument,
    "\n  mutation CreateFinalInvoice($id: ID!) {\n    createFinalInvoice(id: $id) {\n      id\n    }\n  }\n": typeof types.CreateFinalInvoiceDocument,
    "\n  mutation ConvertDocument($id: ID!, $input: ConvertDocumentInput!) {\n    convertDocument(id: $id, input: $input) {\n      id\n      number\n    }\n  }\n": typeof types.ConvertDocumentDocument,
    "\n  mutation DeleteDocument($id: ID!) {\n    deleteDocument(id: $id)\n  }\n": typeof types.DeleteDocumentDocument,
    "\n  query EmailTemplates {\n    emailTemplates {\n      kind\n      language\n      step\n      subject\n      body\n      custom\n      updatedAt\n    }\n  }\n": typeof types.EmailTemplatesDocument,
    "\n  mutation SaveEmailTemplate($input: SaveEmailTemplateInput!) {\n    saveEmailTemplate(input: $input) {\n      kind\n      language\n      step\n      subject\n      body\n      custom\n      updatedAt\n    }\n  }\n": typeof types.SaveEmailTemplateDocument,
    "\n  mutation ResetEmailTemplate($kind: String!, $language: String!, $step: Int) {\n    resetEmailTemplate(kind: $kind, language: $language, step: $step) {\n      kind\n      language\n      step\n      custom\n    }\n  }\n": typeof types.ResetEmailTemplateDocument,
    "\n  query EmailSettings {\n    emailSettings {\n      paymentThanks\n      updatedAt\n    }\n  }\n": typeof types.EmailSettingsDocument,
    "\n  mutation SaveEmailSettings($paymentThanks: Boolean!) {\n    saveEmailSettings(paymentThanks: $paymentThanks) {\n      paymentThanks\n      updatedAt\n    }\n  }\n": typeof types.SaveEmailSettingsDocument,
    "\n  query EmailTemplatePreview($input: PreviewEmailTemplateInput!) {\n    emailTemplatePreview(input: $input) {\n      subject\n      text\n      language\n    }\n  }\n": typeof types.EmailTemplatePreviewDocument,
    "\n  query PreviewDocuments($from: String) {\n    documents(type: INVOICE, from: $from, limit: 200) {\n      data {\n        id\n        number\n        clientName\n        issuedAt\n      }\n    }\n  }\n": typeof types.PreviewDocumentsDocument,
    "\n  query Exports {\n    exports(limit: 20) {\n      data {\n        id\n        resource\n        format\n        status\n        progress {\n          done\n          total\n        }\n        error\n        createdAt\n        finishedAt\n        downloadUrl\n        downloadExpiresAt\n        sizeBytes\n      }\n    }\n  }\n": typeof types.ExportsDocument,
    "\n  mutation StartExport($input: CreateExportInput!) {\n    createExport(input: $input) {\n      id\n      status\n    }\n  }\n": typeof types.StartExportDocument,
    "\n  fragment ExtractedValue on ExtractedText {\n    value\n    confidence\n  }\n": typeof types.ExtractedValueFragmentDoc,
    "\n  fragment InboxItemFields on InboxItem {\n    id\n    status\n    filename\n    contentType\n    size\n    pages\n    method\n    engine\n    failureReason\n    supplierContactId\n    duplicateCostId\n    costId\n    createdAt\n    processedAt\n    fields {\n      supplierIco {\n        ...ExtractedValue\n      }\n      supplierDic {\n        ...ExtractedValue\n      }\n      supplierName {\n        ...ExtractedValue\n      }\n      documentNumber {\n        ...ExtractedValue\n      }\n      variableSymbol {\n        ...ExtractedValue\n      }\n      issueDate {\n        ...ExtractedValue\n      }\n      taxableSupplyDate {\n        ...ExtractedValue\n      }\n      dueDate {\n        ...ExtractedValue\n      }\n      total {\n        ...ExtractedValue\n      }\n      currency {\n        ...ExtractedValue\n      }\n      iban {\n        ...ExtractedValue\n      }\n      accountNumber {\n        ...ExtractedValue\n      }\n      vat {\n        rate\n        base\n        vat\n        confidence\n      }\n    }\n  }\n": typeof types.InboxItemFieldsFragmentDoc,
    "\n  fragment InboxRow on InboxItem {\n    id\n    status\n    filename\n    failureReason\n    duplicateCostId\n    createdAt\n    fields {\n      supplierName {\n        value\n      }\n      documentNumber {\n        value\n      }\n      total {\n        value\n      }\n      currency {\n        value\n      }\n    }\n  }\n": typeof types.InboxRowFragmentDoc,
    "\n  query InboxItems($limit: Int, $cursor: String, $status: InboxItemStatus) {\n    inboxItems(limit: $limit, cursor: $cursor, status: $status) {\n      data {\n        ...InboxRow\n      }\n      nextCursor\n    }\n  }\n": typeof types.InboxItemsDocument,
    "\n  query InboxItem($id: ID!) {\n    inboxItem(id: $id) {\n      ...InboxItemFields\n    }\n  }\n": typeof types.InboxItemDocument,
    "\n  query InboxSuppliers {\n    contacts(limit: 200, archived: false) {\n      data {\n        id\n        name\n        type\n        taxId\n      }\n    }\n  }\n": typeof types.InboxSuppliersDocument,
    "\n  mutation DeleteInboxItem($id: ID!) {\n    deleteInboxItem(id: $id)\n  }\n": typeof types.DeleteInboxItemDocument,
    "\n  mutation ConfirmInboxItem($id: ID!, $input: ConfirmInboxItemInput) {\n    confirmInboxItem(id: $id, input: $input) {\n      item {\n        ...InboxItemFields\n      }\n      cost {\n        id\n        number\n        supplier {\n          name\n        }\n        total\n        currency\n      }\n    }\n  }\n": typeof types.ConfirmInboxItemDocument,
    "\n  query InboxCost($id: ID!) {\n    cost(id: $id) {\n      id\n      number\n      status\n      supplier {\n        name\n      }\n      supplierDocumentNumber\n      variableSymbol\n      total\n      currency\n      attachments {\n        filename\n      }\n    }\n  }\n": typeof types.InboxCostDocument,
    "\n  query Notifications($limit: Int, $cursor: String, $read: Boolean) {\n    notifications(limit: $limit, cursor: $cursor, read: $read) {\n      data {\n        id\n        type\n        title\n        message\n        read\n        createdAt\n        documentId\n        webhookId\n      }\n      nextCursor\n    }\n  }\n": typeof types.NotificationsDocument,
    "\n  mutation MarkNotificationRead($id: ID!) {\n    markNotificationRead(id: $id) {\n      id\n      read\n    }\n  }\n": typeof types.MarkNotificationReadDocument,
    "\n  query OAuthApplications($limit: Int, $cursor: String) {\n    oauthApplications(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        description\n        clientId\n        confidential\n        disabled\n        redirectUris\n        scopes\n        createdAt\n      }\n      nextCursor\n    }\n  }\n": typeof types.OAuthApplicationsDocument,
    "\n  mutation RegisterOAuthApplication($input: RegisterOAuthApplicationInput!) {\n    registerOAuthApplication(input: $input) {\n      id\n      name\n      clientId\n      clientSecret\n    }\n  }\n": typeof types.RegisterOAuthApplicationDocument,
    "\n  mutation UpdateOAuthApplication($id: ID!, $input: UpdateOAuthApplicationInput!) {\n    updateOAuthApplication(id: $id, input: $input) {\n      id\n      name\n      disabled\n    }\n  }\n": typeof types.UpdateOAuthApplicationDocument,
    "\n  mutation RotateOAuthApplicationSecret($id: ID!) {\n    rotateOAuthApplicationSecret(id: $id) {\n      clientSecret\n    }\n  }\n": typeof types.RotateOAuthApplicationSecretDocument,
    "\n  query BankConnection($id: ID!) {\n    bankAccount(id: $id) {\n      id\n      kind\n      connection {\n        provider\n        status\n        lastSyncAt\n        lastError\n        lastErrorAt\n        nextSyncAt\n      }\n    }\n  }\n": typeof types.BankConnectionDocument,
    "\n  mutation ConnectBankAccount($id: ID!, $token: String!) {\n    connectBankAccount(id: $id, provider: FIO, token: $token) {\n      status\n    }\n  }\n": typeof types.ConnectBankAccountDocument,
    "\n  mutation DisconnectBankAccount($id: ID!) {\n    disconnectBankAccount(id: $id)\n  }\n": typeof types.DisconnectBankAccountDocument,
    "\n  mutation SyncBankAccount($id: ID!) {\n    syncBankAccount(id: $id) {\n      outcome\n      imported\n      duplicates\n      matched\n      notBefore\n    }\n  }\n": typeof types.SyncBankAccountDocument,
    "\n  query PaymentGateway {\n    paymentGateway {\n      provider\n      keyHint\n      testMode\n      webhookUrl\n      updatedAt\n    }\n  }\n": typeof types.PaymentGatewayDocument,
    "\n  mutation ConnectPaymentGateway($input: ConnectPaymentGatewayInput!) {\n    connectPaymentGateway(input: $input) {\n      provider\n      keyHint\n    }\n  }\n": typeof types.ConnectPaymentGatewayDocument,
    "\n  mutation DisconnectPaymentGateway {\n    disconnectPaymentGateway\n  }\n": typeof types.DisconnectPaymentGatewayDocument,
    "\n  mutation UpdateBankAccount($id: ID!, $input: UpdateBankAccountInput!) {\n    updateBankAccount(id: $id, input: $input) {\n      id\n      name\n      accountNumber\n      iban\n      currency\n    }\n  }\n": typeof types.UpdateBankAccountDocument,
    "\n  mutation DeleteBankAccount($id: ID!) {\n    deleteBankAccount(id: $id)\n  }\n": typeof types.DeleteBankAccountDocument,
    "\n  mutation CreatePayment($input: CreatePaymentInput!) {\n    createPayment(input: $input) {\n      id\n      amount\n      currency\n      matchStatus\n    }\n  }\n": typeof types.CreatePaymentDocument,
    "\n  fragment StatementImportResult on StatementImport {\n    summary {\n      imported\n      duplicates\n      matched\n    }\n    lines {\n      transactionId\n      result\n      payment {\n        id\n        matchStatus\n      }\n    }\n  }\n": typeof types.StatementImportResultFragmentDoc,
    "\n  query BankAccounts {\n    bankAccounts(limit: 200) {\n      data {\n        id\n        name\n        accountNumber\n        iban\n        currency\n        kind\n      }\n    }\n  }\n": typeof types.BankAccountsDocument,
    "\n  mutation CreateBankAccount($input: CreateBankAccountInput!) {\n    createBankAccount(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreateBankAccountDocument,
    "\n  mutation ImportPayments($input: ImportPaymentsInput!) {\n    importPayments(input: $input) {\n      ...StatementImportResult\n    }\n  }\n": typeof types.ImportPaymentsDocument,
    "\n  query PaymentList($limit: Int, $cursor: String, $matchStatus: PaymentMatchStatus, $bankAccountId: ID, $view: ID) {\n    payments(limit: $limit, cursor: $cursor, matchStatus: $matchStatus, bankAccountId: $bankAccountId, view: $view) {\n      data {\n        id\n        transactionId\n        amount\n        currency\n        direction\n        receivedAt\n        variableSymbol\n        counterAccount\n        matchStatus\n        documentId\n        costId\n        suggestion {\n          documentId\n          number\n          clientName\n          currency\n          remainingAmount\n          reason\n          appliedAmount\n        }\n      }\n      nextCursor\n    }\n  }\n": typeof types.PaymentListDocument,
    "\n  fragment OpenDocumentFields on Document {\n    id\n    number\n    clientName\n    remainingAmount\n    currency\n  }\n": typeof types.OpenDocumentFieldsFragmentDoc,
    "\n  query OpenDocuments {\n    issued: documents(status: ISSUED, type: INVOICE, limit: 200) {\n      data {\n        ...OpenDocumentFields\n      }\n    }\n    sent: documents(status: SENT, type: INVOICE, limit: 200) {\n      data {\n        ...OpenDocumentFields\n      }\n    }\n  }\n": typeof types.OpenDocumentsDocument,
    "\n  mutation MatchPayment($id: ID!, $documentId: ID) {\n    matchPayment(id: $id, documentId: $documentId) {\n      id\n      matchStatus\n      documentId\n    }\n  }\n": typeof types.MatchPaymentDocument,
    "\n  mutation UnmatchPayment($id: ID!) {\n    unmatchPayment(id: $id) {\n      id\n      matchStatus\n    }\n  }\n": typeof types.UnmatchPaymentDocument,
    "\n  fragment StatementPreviewFields on StatementPreview {\n    format\n    summary {\n      new\n      duplicates\n    }\n    lines {\n      transactionId\n      result\n      amount\n      currency\n      direction\n      receivedAt\n      variableSymbol\n      counterAccount\n      counterAccountName\n      message\n    }\n  }\n": typeof types.StatementPreviewFieldsFragmentDoc,
    "\n  query PreviewPayments($input: ImportPaymentsInput!) {\n    previewPayments(input: $input) {\n      ...StatementPreviewFields\n    }\n  }\n": typeof types.PreviewPaymentsDocument,
    "\n  query PreviewStatementFile($input: StatementFileInput!) {\n    previewStatementFile(input: $input) {\n      ...StatementPreviewFields\n    }\n  }\n": typeof types.PreviewStatementFileDocument,
    "\n  mutation ImportStatementFile($input: StatementFileInput!) {\n    importStatementFile(input: $input) {\n      ...StatementImportResult\n    }\n  }\n": typeof types.ImportStatementFileDocument,
    "\n  query OpenCosts {\n    costs(status: OPEN, limit: 200, sort: \"-issuedAt\") {\n      data {\n        id\n        number\n        supplierDocumentNumber\n        supplier {\n          name\n        }\n        remainingAmount\n        currency\n      }\n    }\n  }\n": typeof types.OpenCostsDocument,
    "\n  mutation MatchPaymentToCost($id: ID!, $costId: ID!) {\n    matchPayment(id: $id, costId: $costId) {\n      id\n      matchStatus\n      costId\n    }\n  }\n": typeof types.MatchPaymentToCostDocument,
    "\n  query PosDevices($limit: Int, $cursor: String) {\n    posDevices(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        prefix\n        createdAt\n        lastUsedAt\n        revokedAt\n      }\n      nextCursor\n    }\n  }\n": typeof types.PosDevicesDocument,
    "\n  mutation CreatePosDevice($name: String!, $prefix: String) {\n    createPosDevice(name: $name, prefix: $prefix) {\n      id\n      name\n      token\n    }\n  }\n": typeof types.CreatePosDeviceDocument,
    "\n  mutation UpdatePosDevice($id: ID!, $name: String, $prefix: String) {\n    updatePosDevice(id: $id, name: $name, prefix: $prefix) {\n      id\n      name\n      prefix\n    }\n  }\n": typeof types.UpdatePosDeviceDocument,
    "\n  mutation RotatePosDeviceToken($id: ID!) {\n    rotatePosDeviceToken(id: $id) {\n      token\n    }\n  }\n": typeof types.RotatePosDeviceTokenDocument,
    "\n  mutation RevokePosDevice($id: ID!) {\n    revokePosDevice(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": typeof types.RevokePosDeviceDocument,
    "\n  fragment ProductSummary on Product {\n    id\n    name\n    sku\n    unit\n    price\n    vatRate\n  }\n": typeof types.ProductSummaryFragmentDoc,
    "\n  query Products($limit: Int, $cursor: String, $search: String, $active: Boolean, $view: ID) {\n    products(limit: $limit, cursor: $cursor, search: $search, active: $active, view: $view) {\n      data {\n        ...ProductSummary\n        active\n      }\n      nextCursor\n    }\n  }\n": typeof types.ProductsDocument,
    "\n  mutation CreateProduct($input: CreateProductInput!) {\n    createProduct(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateProductDocument,
    "\n  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {\n    updateProduct(id: $id, input: $input) {\n      id\n      active\n    }\n  }\n": typeof types.UpdateProductDocument,
    "\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id) {\n      id\n      active\n    }\n  }\n": typeof types.DeleteProductDocument,
    "\n  fragment RecurringSeriesFields on RecurringSeries {\n    id\n    name\n    documentType\n    contactId\n    currency\n    items {\n      name\n      quantity\n      unit\n      unitPrice\n      vatRate\n      priceIncludesVat\n    }\n    note\n    tags\n    dueInDays\n    language\n    startDate\n    unit\n    every\n    lastDayOfMonth\n    endDate\n    count\n    issueAndSend\n    status\n    nextDate\n    lastOccurrenceDate\n    lastError\n  }\n": typeof types.RecurringSeriesFieldsFragmentDoc,
    "\n  query RecurringSeriesList($limit: Int, $cursor: String, $status: RecurringSeriesStatus, $view: ID) {\n    recurringSeries(limit: $limit, cursor: $cursor, status: $status, view: $view) {\n      data {\n        ...RecurringSeriesFields\n      }\n      nextCursor\n    }\n  }\n": typeof types.RecurringSeriesListDocument,
    "\n  query RecurringSeriesDetail($id: ID!) {\n    recurringSeriesOne(id: $id) {\n      ...RecurringSeriesFields\n    }\n    recurringSeriesPreview(id: $id) {\n      dates\n    }\n    recurringSeriesDocuments(id: $id, limit: 100) {\n      data {\n        index\n        date\n        documentId\n      }\n    }\n  }\n": typeof types.RecurringSeriesDetailDocument,
    "\n  query RecurringSeriesEdit($id: ID!) {\n    recurringSeriesOne(id: $id) {\n      ...RecurringSeriesFields\n    }\n  }\n": typeof types.RecurringSeriesEditDocument,
    "\n  mutation CreateRecurringSeries($input: RecurringSeriesInput!) {\n    createRecurringSeries(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateRecurringSeriesDocument,
    "\n  mutation UpdateRecurringSeries($id: ID!, $input: RecurringSeriesInput!) {\n    updateRecurringSeries(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.UpdateRecurringSeriesDocument,
    "\n  mutation DeleteRecurringSeries($id: ID!) {\n    deleteRecurringSeries(id: $id)\n  }\n": typeof types.DeleteRecurringSeriesDocument,
    "\n  mutation PauseRecurringSeries($id: ID!) {\n    pauseRecurringSeries(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.PauseRecurringSeriesDocument,
    "\n  mutation ResumeRecurringSeries($id: ID!) {\n    resumeRecurringSeries(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.ResumeRecurringSeriesDocument,
    "\n  query RecurringSchedulePreview($schedule: RecurringScheduleInput!) {\n    recurringSchedulePreview(schedule: $schedule) {\n      dates\n    }\n  }\n": typeof types.RecurringSchedulePreviewDocument,
    "\n  query ReminderSteps {\n    reminderSteps {\n      id\n      days\n      active\n    }\n  }\n": typeof types.ReminderStepsDocument,
    "\n  mutation SaveReminderSteps($steps: [ReminderStepInput!]!) {\n    saveReminderSteps(steps: $steps) {\n      id\n      days\n      active\n    }\n  }\n": typeof types.SaveReminderStepsDocument,
    "\n  query DocumentReminders($documentId: ID!) {\n    documentReminders(documentId: $documentId) {\n      enabled\n      sent {\n        stepId\n        days\n        sentAt\n      }\n    }\n  }\n": typeof types.DocumentRemindersDocument,
    "\n  mutation SetDocumentReminders($documentId: ID!, $enabled: Boolean!) {\n    setDocumentReminders(documentId: $documentId, enabled: $enabled) {\n      enabled\n      sent {\n        stepId\n        days\n        sentAt\n      }\n    }\n  }\n": typeof types.SetDocumentRemindersDocument,
    "\n  query Reports($from: String!, $to: String!) {\n    vatReport(from: $from, to: $to) {\n      rates {\n        currency\n        vatRate\n        base\n        vat\n        total\n      }\n      input {\n        currency\n        vatRate\n        base\n        vat\n        total\n      }\n      balance {\n        currency\n        outputVat\n        inputVat\n        reverseChargeVat\n        difference\n        result\n      }\n    }\n    salesReport(from: $from, to: $to) {\n      byRate {\n        currency\n        vatRate\n        base\n        vat\n        total\n      }\n      totals {\n        currency\n        documentCount\n        base\n        vat\n        total\n        paidAmount\n        outstandingAmount\n      }\n      czkTotal {\n        documentCount\n        total\n        unconvertedDocumentCount\n      }\n    }\n  }\n": typeof types.ReportsDocument,
    "\n  query Statistics($from: String!, $to: String!, $groupBy: String!) {\n    statistics(from: $from, to: $to, groupBy: $groupBy) {\n      periods {\n        period\n        invoiced {\n          documentCount\n          base\n          vat\n          total\n        }\n        paid\n        costs\n        vatBalance\n      }\n      aging {\n        notYetDue {\n          amount\n          count\n        }\n        d1_30 {\n          amount\n          count\n        }\n        d31_60 {\n          amount\n          count\n        }\n        d61_90 {\n          amount\n          count\n        }\n        d90plus {\n          amount\n          count\n        }\n      }\n      topCustomers {\n        contactId\n        name\n        revenue\n        documentCount\n      }\n      topProducts {\n        name\n        revenue\n        quantity\n      }\n      averageDaysToPayment\n    }\n  }\n": typeof types.StatisticsDocument,
    "\n  query ReportsControlStatement($period: String!) {\n    vatControlStatement(period: $period) {\n      period\n      a1 {\n        documentId\n        number\n        customerVatId\n        taxableSupplyDate\n        code\n        base\n      }\n      a4 {\n        documentId\n        number\n        customerVatId\n        taxableSupplyDate\n        base21\n        vat21\n        base12\n        vat12\n        total\n      }\n      a5 {\n        base21\n        vat21\n        base12\n        vat12\n      }\n      b2 {\n        costId\n        number\n        supplierVatId\n        supplierDocumentNumber\n        taxableSupplyDate\n        base21\n        vat21\n        base12\n        vat12\n        total\n      }\n      b3 {\n        base21\n        vat21\n        base12\n        vat12\n      }\n    }\n  }\n": typeof types.ReportsControlStatementDocument,
    "\n  query MySessions($limit: Int, $cursor: String) {\n    mySessions(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        current\n        createdAt\n        lastSeenAt\n        expiresAt\n        ip\n        userAgent\n      }\n      nextCursor\n    }\n  }\n": typeof types.MySessionsDocument,
    "\n  mutation EndSession($id: ID!) {\n    endSession(id: $id)\n  }\n": typeof types.EndSessionDocument,
    "\n  query TwoFactor {\n    twoFactor {\n      enabled\n      pending\n      recoveryCodesLeft\n      requiredByOrganization\n    }\n  }\n": typeof types.TwoFactorDocument,
    "\n  mutation SetUpTwoFactor {\n    setUpTwoFactor {\n      secret\n      otpauthUrl\n    }\n  }\n": typeof types.SetUpTwoFactorDocument,
    "\n  mutation EnableTwoFactor($code: String!) {\n    enableTwoFactor(code: $code) {\n      recoveryCodes\n    }\n  }\n": typeof types.EnableTwoFactorDocument,
    "\n  mutation DisableTwoFactor($password: String!, $code: String!) {\n    disableTwoFactor(password: $password, code: $code)\n  }\n": typeof types.DisableTwoFactorDocument,
    "\n  mutation SetTwoFactorRequired($required: Boolean!) {\n    setTwoFactorRequired(required: $required)\n  }\n": typeof types.SetTwoFactorRequiredDocument,
    "\n  query Users($limit: Int, $cursor: String) {\n    users(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        email\n        role\n        departmentIds\n        createdAt\n        permissions {\n          ...PermissionLevels\n        }\n      }\n      nextCursor\n    }\n    departments(limit: 200) {\n      data {\n        id\n        name\n      }\n      nextCursor\n    }\n  }\n": typeof types.UsersDocument,
    "\n  mutation CreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      email\n    }\n  }\n": typeof types.CreateUserDocument,
    "\n  mutation UpdateUser($id: ID!, $input: UpdateUserInput!) {\n    updateUser(id: $id, input: $input) {\n      id\n      role\n    }\n  }\n": typeof types.UpdateUserDocument,
    "\n  query DepartmentPage($limit: Int, $cursor: String) {\n    departments(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n      }\n      nextCursor\n    }\n  }\n": typeof types.DepartmentPageDocument,
    "\n  mutation CreateDepartment($name: String!) {\n    createDepartment(name: $name) {\n      id\n      name\n    }\n  }\n": typeof types.CreateDepartmentDocument,
    "\n  query Webhooks($limit: Int, $cursor: String) {\n    webhooks(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        url\n        events\n        isActive\n        createdAt\n      }\n      nextCursor\n    }\n    webhookEvents {\n      event\n      description\n    }\n  }\n": typeof types.WebhooksDocument,
    "\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      id\n      name\n      secret\n    }\n  }\n": typeof types.CreateWebhookDocument,
    "\n  mutation UpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {\n    updateWebhook(id: $id, input: $input) {\n      id\n      name\n      url\n      events\n      isActive\n    }\n  }\n": typeof types.UpdateWebhookDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n": typeof types.DeleteWebhookDocument,
    "\n  mutation TestWebhook($id: ID!) {\n    testWebhook(id: $id) {\n      delivered\n      statusCode\n      durationMs\n      error\n    }\n  }\n": typeof types.TestWebhookDocument,
    "\n  query WebhookDeliveries($webhookId: ID!, $limit: Int, $cursor: String, $status: String) {\n    webhook(id: $webhookId) {\n      id\n      name\n      url\n    }\n    webhookDeliveries(webhookId: $webhookId, limit: $limit, cursor: $cursor, status: $status) {\n      data {\n        id\n        event\n        status\n        createdAt\n        attempts {\n          number\n          at\n          statusCode\n          durationMs\n          error\n        }\n      }\n      nextCursor\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  mutation ReplayWebhookDelivery($webhookId: ID!, $deliveryId: ID!) {\n    replayWebhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n": typeof types.ReplayWebhookDeliveryDocument,
    "\n  fragment PermissionLevels on Permissions {\n    documents\n    costs\n    contacts\n    reports\n    payments\n    automations\n    company_settings\n  }\n": typeof types.PermissionLevelsFragmentDoc,
    "\n  query Shell {\n    me {\n      language\n      defaultLanguage\n      user {\n        id\n        email\n        role\n        permissions {\n          ...PermissionLevels\n        }\n      }\n    }\n    organization {\n      id\n      name\n      plan\n    }\n  }\n": typeof types.ShellDocument,
    "\n  query UnreadCount {\n    notifications(read: false, limit: 100) {\n      data {\n        id\n      }\n      nextCursor\n    }\n  }\n": typeof types.UnreadCountDocument,
    "\n  mutation LogOut {\n    logOut\n  }\n": typeof types.LogOutDocument,
    "\n  mutation SetMyLanguage($language: String) {\n    setMyLanguage(language: $language) {\n      language\n      defaultLanguage\n    }\n  }\n": typeof types.SetMyLanguageDocument,
    "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.SignUpDocument,
};
const documents: Documents = {
    "\n  query SavedViews($resource: String) {\n    savedViews(resource: $resource, limit: 100) {\n      data {\n        id\n        name\n        filters\n        sort\n        shared\n      }\n    }\n  }\n": types.SavedViewsDocument,
    "\n  mutation CreateSavedView($input: SavedViewInput!) {\n    createSavedView(input: $input) {\n      id\n      name\n      filters\n      sort\n      shared\n    }\n  }\n": types.CreateSavedViewDocument,
    "\n  query ApiKeys($limit: Int, $cursor: String) {\n    apiKeys(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        redacted\n        permissions {\n          documents\n          costs\n          contacts\n          reports\n          company_settings\n          payments\n          automations\n        }\n        createdAt\n      }\n      nextCursor\n    }\n  }\n": types.ApiKeysDocument,
    "\n  query QuotaUsage($cursor: String) {\n    quotaUsage(limit: 200, cursor: $cursor) {\n      data {\n        credentialId\n        credentialType\n        used\n        limit\n        remaining\n      }\n      nextCursor\n    }\n  }\n": types.QuotaUsageDocument,
    "\n  mutation CreateApiKey($name: String!, $permissions: PermissionsInput) {\n    createApiKey(name: $name, permissions: $permissions) {\n      id\n      name\n      key\n    }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation DeleteApiKey($id: ID!) {\n    deleteApiKey(id: $id)\n  }\n": types.DeleteApiKeyDocument,
    "\n  query AuditLog($limit: Int, $cursor: String, $action: AuditAction, $userId: ID) {\n    auditLog(limit: $limit, cursor: $cursor, action: $action, userId: $userId) {\n      data {\n        id\n        createdAt\n        action\n        ip\n        userAgent\n        details\n        actor {\n          userId\n          email\n          kind\n          credentialId\n        }\n        target {\n          type\n          id\n        }\n      }\n      nextCursor\n    }\n  }\n": types.AuditLogDocument,
    "\n  query AuditPeople {\n    users(limit: 200) {\n      data {\n        id\n        email\n      }\n      nextCursor\n    }\n  }\n": types.AuditPeopleDocument,
    "\n  fragment AutomationFields on Automation {\n    id\n    name\n    isActive\n    triggerType\n    triggerEvent\n    triggerCron\n    conditions {\n      field\n      name\n      operator\n      value\n    }\n    actions {\n      type\n      params\n    }\n    updatedAt\n  }\n": types.AutomationFieldsFragmentDoc,
    "\n  query Automations($limit: Int, $cursor: String) {\n    automations(limit: $limit, cursor: $cursor) {\n      data {\n        ...AutomationFields\n      }\n      nextCursor\n    }\n  }\n": types.AutomationsDocument,
    "\n  query Automation($id: ID!, $limit: Int, $cursor: String) {\n    automation(id: $id) {\n      ...AutomationFields\n    }\n    automationRuns(automationId: $id, limit: $limit, cursor: $cursor) {\n      data {\n        id\n        status\n        trigger\n        startedAt\n        finishedAt\n        error\n        context\n        actions {\n          index\n          type\n          status\n          detail\n          error\n        }\n      }\n      nextCursor\n    }\n  }\n": types.AutomationDocument,
    "\n  mutation CreateAutomation($input: CreateAutomationInput!) {\n    createAutomation(input: $input) {\n      id\n    }\n  }\n": types.CreateAutomationDocument,
    "\n  mutation UpdateAutomation($id: ID!, $input: UpdateAutomationInput!) {\n    updateAutomation(id: $id, input: $input) {\n      id\n    }\n  }\n": types.UpdateAutomationDocument,
    "\n  mutation DeleteAutomation($id: ID!) {\n    deleteAutomation(id: $id)\n  }\n": types.DeleteAutomationDocument,
    "\n  mutation RunAutomation($id: ID!, $context: JSONObject!) {\n    runAutomation(id: $id, context: $context) {\n      id\n      status\n    }\n  }\n": types.RunAutomationDocument,
    "\n  query NumberingSeries {\n    numberingSeries {\n      documentType\n      format\n      restart\n      nextNumber\n      preview\n    }\n  }\n": types.NumberingSeriesDocument,
    "\n  mutation UpdateNumberingSeries($series: [NumberingSeriesInput!]!) {\n    updateNumberingSeries(series: $series) {\n      documentType\n      preview\n    }\n  }\n": types.UpdateNumberingSeriesDocument,
    "\n  query CompanySettings {\n    companySettings {\n      legalName\n      taxId\n      vatId\n      vatPayer\n      street\n      city\n      zip\n      country\n      iban\n      accountNumber\n      email\n      phone\n      registryText\n      lockIssuedDocuments\n    }\n    taxFilingSettings {\n      taxOfficeCode\n      taxOfficeWorkplaceCode\n      filerType\n      filerFirstName\n      filerLastName\n      vatPeriod\n      naceCode\n    }\n    documentLook {\n      accentColor\n      footerText\n      language\n      logoContentType\n    }\n  }\n": types.CompanySettingsDocument,
    "\n  mutation UpdateCompanySettings($input: UpdateCompanySettingsInput!) {\n    updateCompanySettings(input: $input) {\n      accountNumber\n    }\n  }\n": types.UpdateCompanySettingsDocument,
    "\n  mutation UpdateTaxFilingSettings($input: UpdateTaxFilingSettingsInput!) {\n    updateTaxFilingSettings(input: $input) {\n      taxOfficeCode\n    }\n  }\n": types.UpdateTaxFilingSettingsDocument,
    "\n  mutation UpdateDocumentLook($input: UpdateDocumentLookInput!) {\n    updateDocumentLook(input: $input) {\n      accentColor\n    }\n  }\n": types.UpdateDocumentLookDocument,
    "\n  mutation UploadCompanyLogo($input: UploadLogoInput!) {\n    uploadCompanyLogo(input: $input) {\n      logoContentType\n    }\n  }\n": types.UploadCompanyLogoDocument,
    "\n  mutation DeleteCompanyLogo {\n    deleteCompanyLogo {\n      logoContentType\n    }\n  }\n": types.DeleteCompanyLogoDocument,
    "\n  query OAuthGrants($limit: Int, $cursor: String) {\n    oauthGrants(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        scopes\n        createdAt\n        updatedAt\n        application {\n          id\n          name\n          description\n        }\n      }\n      nextCursor\n    }\n  }\n": types.OAuthGrantsDocument,
    "\n  mutation RevokeOAuthGrant($id: ID!) {\n    revokeOAuthGrant(id: $id)\n  }\n": types.RevokeOAuthGrantDocument,
    "\n  fragment ContactFields on Contact {\n    id\n    type\n    name\n    email\n    phone\n    taxId\n    vatId\n    street\n    city\n    zip\n    country\n    language\n    archived\n    updatedAt\n  }\n": types.ContactFieldsFragmentDoc,
    "\n  query Contacts($limit: Int, $cursor: String, $search: String, $archived: Boolean, $view: ID) {\n    contacts(limit: $limit, cursor: $cursor, search: $search, archived: $archived, view: $view) {\n      data {\n        ...ContactFields\n      }\n      nextCursor\n    }\n  }\n": types.ContactsDocument,
    "\n  query Contact($id: ID!) {\n    contact(id: $id) {\n      ...ContactFields\n    }\n  }\n": types.ContactDocument,
    "\n  mutation CreateContact($input: CreateContactInput!) {\n    createContact(input: $input) {\n      ...ContactFields\n    }\n  }\n": types.CreateContactDocument,
    "\n  mutation UpdateContact($id: ID!, $input: UpdateContactInput!) {\n    updateContact(id: $id, input: $input) {\n      ...ContactFields\n    }\n  }\n": types.UpdateContactDocument,
    "\n  query CostList(\n    $limit: Int\n    $cursor: String\n    $search: String\n    $status: CostStatus\n    $kind: CostKind\n    $overdue: Boolean\n    $from: String\n    $to: String\n    $view: ID\n    $sort: String\n  ) {\n    costs(\n      limit: $limit\n      cursor: $cursor\n      search: $search\n      status: $status\n      kind: $kind\n      overdue: $overdue\n      from: $from\n      to: $to\n      view: $view\n      sort: $sort\n    ) {\n      data {\n        id\n        number\n        kind\n        status\n        overdue\n        supplierDocumentNumber\n        supplier {\n          name\n        }\n        issuedAt\n        dueAt\n        total\n        remainingAmount\n        currency\n      }\n      nextCursor\n    }\n  }\n": types.CostListDocument,
    "\n  query CostSuppliers {\n    suppliers: contacts(type: SUPPLIER, limit: 200, archived: false) {\n      data {\n        id\n        name\n      }\n    }\n    both: contacts(type: BOTH, limit: 200, archived: false) {\n      data {\n        id\n        name\n      }\n    }\n  }\n": types.CostSuppliersDocument,
    "\n  query CostTotalsPreview($items: [DocumentItemInput!]!) {\n    documentTotalsPreview(items: $items) {\n      subtotal\n      vatTotal\n      total\n      vatRates {\n        vatRate\n        subtotal\n        vatTotal\n        total\n      }\n    }\n  }\n": types.CostTotalsPreviewDocument,
    "\n  fragment CostDetailFields on Cost {\n    id\n    number\n    kind\n    status\n    overdue\n    supplierId\n    supplier {\n      name\n      taxId\n      vatId\n      street\n      city\n      zip\n    }\n    supplierDocumentNumber\n    variableSymbol\n    issuedAt\n    receivedAt\n    taxableSupplyDate\n    vatClaimDate\n    dueAt\n    paidAt\n    cancelledAt\n    currency\n    subtotal\n    vatTotal\n    total\n    paidAmount\n    remainingAmount\n    reverseCharge\n    taxDeductible\n    note\n    items {\n      name\n      quantity\n      unit\n      unitPrice\n      vatRate\n      base\n      vat\n      total\n    }\n    vatSummary {\n      vatRate\n      subtotal\n      vatTotal\n      total\n    }\n    attachments {\n      id\n      filename\n      contentType\n      size\n    }\n  }\n": types.CostDetailFieldsFragmentDoc,
    "\n  query Cost($id: ID!) {\n    cost(id: $id) {\n      ...CostDetailFields\n    }\n    payments(costId: $id, limit: 100) {\n      data {\n        id\n        amount\n        currency\n        receivedAt\n        method\n        note\n        matchStatus\n      }\n    }\n  }\n": types.CostDocument,
    "\n  mutation CreateCost($input: CreateCostInput!) {\n    createCost(input: $input) {\n      id\n      number\n    }\n  }\n": types.CreateCostDocument,
    "\n  mutation UpdateCost($id: ID!, $input: UpdateCostInput!) {\n    updateCost(id: $id, input: $input) {\n      ...CostDetailFields\n    }\n  }\n": types.UpdateCostDocument,
    "\n  mutation CancelCost($id: ID!) {\n    cancelCost(id: $id) {\n      ...CostDetailFields\n    }\n  }\n": types.CancelCostDocument,
    "\n  mutation DeleteCost($id: ID!) {\n    deleteCost(id: $id)\n  }\n": types.DeleteCostDocument,
    "\n  mutation PayCost($input: CreatePaymentInput!) {\n    createPayment(input: $input) {\n      id\n      amount\n      currency\n      matchStatus\n    }\n  }\n": types.PayCostDocument,
    "\n  query OutgoingPayments($limit: Int, $cursor: String) {\n    payments(direction: OUT, limit: $limit, cursor: $cursor, sort: \"-createdAt\") {\n      data {\n        id\n        amount\n        currency\n        receivedAt\n        method\n        counterAccount\n        counterAccountName\n        variableSymbol\n        matchStatus\n        costId\n        note\n      }\n      nextCursor\n    }\n  }\n": types.OutgoingPaymentsDocument,
    "\n  query DashboardStatistics($from: String!, $to: String!) {\n    statistics(from: $from, to: $to, groupBy: \"month\") {\n      periods {\n        period\n        invoiced {\n          documentCount\n          total\n        }\n        paid\n      }\n      aging {\n        notYetDue {\n          amount\n          count\n        }\n        d1_30 {\n          amount\n          count\n        }\n        d31_60 {\n          amount\n          count\n        }\n        d61_90 {\n          amount\n          count\n        }\n        d90plus {\n          amount\n          count\n        }\n      }\n    }\n  }\n": types.DashboardStatisticsDocument,
    "\n  query DashboardInvoices($today: String!) {\n    overdue: documents(type: INVOICE, unpaid: true, dueBefore: $today, limit: 200, sort: \"issuedAt\") {\n      data {\n        ...DashboardInvoice\n      }\n      nextCursor\n    }\n  }\n  fragment DashboardInvoice on Document {\n    id\n    number\n    clientName\n    dueAt\n    currency\n    remainingAmount\n    sentAt\n  }\n": types.DashboardInvoicesDocument,
    "\n  query DashboardCash($from: String!, $to: String!) {\n    statistics(from: $from, to: $to, groupBy: \"day\") {\n      periods {\n        period\n        cashIn\n        cashOut\n      }\n    }\n  }\n": types.DashboardCashDocument,
    "\n  query DashboardInbox {\n    inboxItems(status: EXTRACTED, limit: 200) {\n      data {\n        id\n      }\n      nextCursor\n    }\n  }\n": types.DashboardInboxDocument,
    "\n  query DashboardHooks {\n    webhooks(limit: 100) {\n      data {\n        id\n        name\n        isActive\n      }\n    }\n    automations(limit: 100) {\n      data {\n        id\n        name\n        isActive\n      }\n    }\n  }\n": types.DashboardHooksDocument,
    "\n  query DashboardWebhookDeliveries($webhookId: ID!) {\n    webhookDeliveries(webhookId: $webhookId, limit: 1) {\n      data {\n        id\n        status\n        createdAt\n        attempts {\n          at\n        }\n      }\n    }\n  }\n": types.DashboardWebhookDeliveriesDocument,
    "\n  query DashboardAutomationRuns($automationId: ID!) {\n    automationRuns(automationId: $automationId, limit: 1) {\n      data {\n        id\n        status\n        startedAt\n      }\n    }\n  }\n": types.DashboardAutomationRunsDocument,
    "\n  mutation DashboardSendReminder($id: ID!) {\n    sendDocumentEmail(id: $id, input: { kind: \"REMINDER\" }) {\n      id\n      status\n      sentAt\n    }\n  }\n": types.DashboardSendReminderDocument,
    "\n  mutation CreateDocumentExport($input: CreateExportInput!) {\n    createExport(input: $input) {\n      id\n      status\n    }\n  }\n": types.CreateDocumentExportDocument,
    "\n  query DocumentExportStatus($id: ID!) {\n    export(id: $id) {\n      id\n      status\n      progress {\n        done\n        total\n      }\n      error\n      downloadUrl\n    }\n  }\n": types.DocumentExportStatusDocument,
    "\n  fragment DocumentItemFields on DocumentItem {\n    name\n    quantity\n    unit\n    unitPrice\n    vatRate\n    priceIncludesVat\n  }\n": types.DocumentItemFieldsFragmentDoc,
    "\n  query DocumentList(\n    $limit: Int\n    $cursor: String\n    $search: String\n    $type: DocumentType\n    $status: DocumentStatus\n    $contactId: ID\n    $from: String\n    $to: String\n    $sort: String\n    $view: ID\n    $unpaid: Boolean\n    $dueBefore: String\n  ) {\n    documents(\n      limit: $limit\n      cursor: $cursor\n      search: $search\n      type: $type\n      status: $status\n      contactId: $contactId\n      from: $from\n      to: $to\n      sort: $sort\n      view: $view\n      unpaid: $unpaid\n      dueBefore: $dueBefore\n    ) {\n      data {\n        id\n        type\n        status\n        number\n        clientName\n        currency\n        total\n        remainingAmount\n        issuedAt\n        dueAt\n      }\n      nextCursor\n    }\n  }\n": types.DocumentListDocument,
    "\n  query ContactChoices {\n    contacts(limit: 200, archived: false) {\n      data {\n        id\n        name\n        email\n      }\n    }\n  }\n": types.ContactChoicesDocument,
    "\n  query ProductChoices {\n    products(limit: 200, active: true) {\n      data {\n        ...ProductSummary\n      }\n    }\n  }\n": types.ProductChoicesDocument,
    "\n  query DocumentTotalsPreview($items: [DocumentItemInput!]!, $reverseCharge: ReverseChargeInput) {\n    documentTotalsPreview(items: $items, reverseCharge: $reverseCharge) {\n      items {\n        base\n        vat\n        total\n      }\n      vatRates {\n        vatRate\n        subtotal\n        vatTotal\n        total\n      }\n      subtotal\n      vatTotal\n      total\n    }\n  }\n": types.DocumentTotalsPreviewDocument,
    "\n  query EditDocument($id: ID!) {\n    document(id: $id) {\n      id\n      type\n      status\n      number\n      contactId\n      clientName\n      currency\n      variableSymbol\n      note\n      validUntil\n      language\n      exchangeRate\n      subtotalCzk\n      vatTotalCzk\n      totalCzk\n      issuedAt\n      taxableSupplyDate\n      dueAt\n      reverseCharge {\n        regime\n        code\n      }\n      items {\n        ...DocumentItemFields\n      }\n    }\n  }\n": types.EditDocumentDocument,
    "\n  mutation CreateDocument($input: CreateDocumentInput!) {\n    createDocument(input: $input) {\n      id\n      number\n    }\n  }\n": types.CreateDocumentDocument,
    "\n  mutation UpdateDocument($id: ID!, $input: UpdateDocumentInput!) {\n    updateDocument(id: $id, input: $input) {\n      id\n    }\n  }\n": types.UpdateDocumentDocument,
    "\n  query DocumentDetail($id: ID!) {\n    document(id: $id) {\n      id\n      type\n      status\n      allowedTransitions\n      number\n      variableSymbol\n      contactId\n      clientName\n      currency\n      items {\n        ...DocumentItemFields\n        base\n        vat\n        total\n      }\n      subtotal\n      vatTotal\n      total\n      paidAmount\n      remainingAmount\n      creditedAmount\n      exchangeRate\n      subtotalCzk\n      vatTotalCzk\n      totalCzk\n      correctedDocumentId\n      correctedDocumentNumber\n      creditNoteReason\n      creditNotes {\n        id\n        number\n      }\n      language\n      tags\n      note\n      issuedAt\n      taxableSupplyDate\n      dueAt\n      sentAt\n      paidAt\n      cancelledAt\n      publicUrl\n      reverseCharge {\n        regime\n        code\n      }\n      proformaId\n      proformaNumber\n      advanceDocuments {\n        id\n        number\n        amount\n      }\n      finalInvoiceId\n      settledAdvances {\n        id\n        number\n        amount\n      }\n      convertibleTo\n      sourceDocumentId\n      derivedDocumentIds\n      validUntil\n      answeredAt\n      answerNote\n      createdAt\n      updatedAt\n    }\n  }\n": types.DocumentDetailDocument,
    "\n  mutation CreateCreditNote($id: ID!, $input: CreditNoteInput!) {\n    createCreditNote(id: $id, input: $input) {\n      id\n      number\n    }\n  }\n": types.CreateCreditNoteDocument,
    "\n  query DocumentPayments($documentId: ID!) {\n    payments(documentId: $documentId, limit: 200) {\n      data {\n        id\n        amount\n        currency\n        receivedAt\n        variableSymbol\n        counterAccount\n        matchStatus\n        matchedAt\n      }\n    }\n  }\n": types.DocumentPaymentsDocument,
    "\n  query DocumentHistory($id: ID!) {\n    documentHistory(id: $id, limit: 200) {\n      data {\n        action\n        fromStatus\n        toStatus\n        reason\n        userId\n        at\n      }\n    }\n  }\n": types.DocumentHistoryDocument,
    "\n  mutation TransitionDocument($id: ID!, $status: DocumentStatus!) {\n    transitionDocument(id: $id, status: $status) {\n      id\n      status\n    }\n  }\n": types.TransitionDocumentDocument,
    "\n  mutation SendDocumentEmail($id: ID!, $input: SendDocumentEmailInput) {\n    sendDocumentEmail(id: $id, input: $input) {\n      id\n      status\n      sentAt\n    }\n  }\n": types.SendDocumentEmailDocument,
    "\n  mutation CreateFinalInvoice($id: ID!) {\n    createFinalInvoice(id: $id) {\n      id\n    }\n  }\n": types.CreateFinalInvoiceDocument,
    "\n  mutation ConvertDocument($id: ID!, $input: ConvertDocumentInput!) {\n    convertDocument(id: $id, input: $input) {\n      id\n      number\n    }\n  }\n": types.ConvertDocumentDocument,
    "\n  mutation DeleteDocument($id: ID!) {\n    deleteDocument(id: $id)\n  }\n": types.DeleteDocumentDocument,
    "\n  query EmailTemplates {\n    emailTemplates {\n      kind\n      language\n      step\n      subject\n      body\n      custom\n      updatedAt\n    }\n  }\n": types.EmailTemplatesDocument,
    "\n  mutation SaveEmailTemplate($input: SaveEmailTemplateInput!) {\n    saveEmailTemplate(input: $input) {\n      kind\n      language\n      step\n      subject\n      body\n      custom\n      updatedAt\n    }\n  }\n": types.SaveEmailTemplateDocument,
    "\n  mutation ResetEmailTemplate($kind: String!, $language: String!, $step: Int) {\n    resetEmailTemplate(kind: $kind, language: $language, step: $step) {\n      kind\n      language\n      step\n      custom\n    }\n  }\n": types.ResetEmailTemplateDocument,
    "\n  query EmailSettings {\n    emailSettings {\n      paymentThanks\n      updatedAt\n    }\n  }\n": types.EmailSettingsDocument,
    "\n  mutation SaveEmailSettings($paymentThanks: Boolean!) {\n    saveEmailSettings(paymentThanks: $paymentThanks) {\n      paymentThanks\n      updatedAt\n    }\n  }\n": types.SaveEmailSettingsDocument,
    "\n  query EmailTemplatePreview($input: PreviewEmailTemplateInput!) {\n    emailTemplatePreview(input: $input) {\n      subject\n      text\n      language\n    }\n  }\n": types.EmailTemplatePreviewDocument,
    "\n  query PreviewDocuments($from: String) {\n    documents(type: INVOICE, from: $from, limit: 200) {\n      data {\n        id\n        number\n        clientName\n        issuedAt\n      }\n    }\n  }\n": types.PreviewDocumentsDocument,
    "\n  query Exports {\n    exports(limit: 20) {\n      data {\n        id\n        resource\n        format\n        status\n        progress {\n          done\n          total\n        }\n        error\n        createdAt\n        finishedAt\n        downloadUrl\n        downloadExpiresAt\n        sizeBytes\n      }\n    }\n  }\n": types.ExportsDocument,
    "\n  mutation StartExport($input: CreateExportInput!) {\n    createExport(input: $input) {\n      id\n      status\n    }\n  }\n": types.StartExportDocument,
    "\n  fragment ExtractedValue on ExtractedText {\n    value\n    confidence\n  }\n": types.ExtractedValueFragmentDoc,
    "\n  fragment InboxItemFields on InboxItem {\n    id\n    status\n    filename\n    contentType\n    size\n    pages\n    method\n    engine\n    failureReason\n    supplierContactId\n    duplicateCostId\n    costId\n    createdAt\n    processedAt\n    fields {\n      supplierIco {\n        ...ExtractedValue\n      }\n      supplierDic {\n        ...ExtractedValue\n      }\n      supplierName {\n        ...ExtractedValue\n      }\n      documentNumber {\n        ...ExtractedValue\n      }\n      variableSymbol {\n        ...ExtractedValue\n      }\n      issueDate {\n        ...ExtractedValue\n      }\n      taxableSupplyDate {\n        ...ExtractedValue\n      }\n      dueDate {\n        ...ExtractedValue\n      }\n      total {\n        ...ExtractedValue\n      }\n      currency {\n        ...ExtractedValue\n      }\n      iban {\n        ...ExtractedValue\n      }\n      accountNumber {\n        ...ExtractedValue\n      }\n      vat {\n        rate\n        base\n        vat\n        confidence\n      }\n    }\n  }\n": types.InboxItemFieldsFragmentDoc,
    "\n  fragment InboxRow on InboxItem {\n    id\n    status\n    filename\n    failureReason\n    duplicateCostId\n    createdAt\n    fields {\n      supplierName {\n        value\n      }\n      documentNumber {\n        value\n      }\n      total {\n        value\n      }\n      currency {\n        value\n      }\n    }\n  }\n": types.InboxRowFragmentDoc,
    "\n  query InboxItems($limit: Int, $cursor: String, $status: InboxItemStatus) {\n    inboxItems(limit: $limit, cursor: $cursor, status: $status) {\n      data {\n        ...InboxRow\n      }\n      nextCursor\n    }\n  }\n": types.InboxItemsDocument,
    "\n  query InboxItem($id: ID!) {\n    inboxItem(id: $id) {\n      ...InboxItemFields\n    }\n  }\n": types.InboxItemDocument,
    "\n  query InboxSuppliers {\n    contacts(limit: 200, archived: false) {\n      data {\n        id\n        name\n        type\n        taxId\n      }\n    }\n  }\n": types.InboxSuppliersDocument,
    "\n  mutation DeleteInboxItem($id: ID!) {\n    deleteInboxItem(id: $id)\n  }\n": types.DeleteInboxItemDocument,
    "\n  mutation ConfirmInboxItem($id: ID!, $input: ConfirmInboxItemInput) {\n    confirmInboxItem(id: $id, input: $input) {\n      item {\n        ...InboxItemFields\n      }\n      cost {\n        id\n        number\n        supplier {\n          name\n        }\n        total\n        currency\n      }\n    }\n  }\n": types.ConfirmInboxItemDocument,
    "\n  query InboxCost($id: ID!) {\n    cost(id: $id) {\n      id\n      number\n      status\n      supplier {\n        name\n      }\n      supplierDocumentNumber\n      variableSymbol\n      total\n      currency\n      attachments {\n        filename\n      }\n    }\n  }\n": types.InboxCostDocument,
    "\n  query Notifications($limit: Int, $cursor: String, $read: Boolean) {\n    notifications(limit: $limit, cursor: $cursor, read: $read) {\n      data {\n        id\n        type\n        title\n        message\n        read\n        createdAt\n        documentId\n        webhookId\n      }\n      nextCursor\n    }\n  }\n": types.NotificationsDocument,
    "\n  mutation MarkNotificationRead($id: ID!) {\n    markNotificationRead(id: $id) {\n      id\n      read\n    }\n  }\n": types.MarkNotificationReadDocument,
    "\n  query OAuthApplications($limit: Int, $cursor: String) {\n    oauthApplications(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        description\n        clientId\n        confidential\n        disabled\n        redirectUris\n        scopes\n        createdAt\n      }\n      nextCursor\n    }\n  }\n": types.OAuthApplicationsDocument,
    "\n  mutation RegisterOAuthApplication($input: RegisterOAuthApplicationInput!) {\n    registerOAuthApplication(input: $input) {\n      id\n      name\n      clientId\n      clientSecret\n    }\n  }\n": types.RegisterOAuthApplicationDocument,
    "\n  mutation UpdateOAuthApplication($id: ID!, $input: UpdateOAuthApplicationInput!) {\n    updateOAuthApplication(id: $id, input: $input) {\n      id\n      name\n      disabled\n    }\n  }\n": types.UpdateOAuthApplicationDocument,
    "\n  mutation RotateOAuthApplicationSecret($id: ID!) {\n    rotateOAuthApplicationSecret(id: $id) {\n      clientSecret\n    }\n  }\n": types.RotateOAuthApplicationSecretDocument,
    "\n  query BankConnection($id: ID!) {\n    bankAccount(id: $id) {\n      id\n      kind\n      connection {\n        provider\n        status\n        lastSyncAt\n        lastError\n        lastErrorAt\n        nextSyncAt\n      }\n    }\n  }\n": types.BankConnectionDocument,
    "\n  mutation ConnectBankAccount($id: ID!, $token: String!) {\n    connectBankAccount(id: $id, provider: FIO, token: $token) {\n      status\n    }\n  }\n": types.ConnectBankAccountDocument,
    "\n  mutation DisconnectBankAccount($id: ID!) {\n    disconnectBankAccount(id: $id)\n  }\n": types.DisconnectBankAccountDocument,
    "\n  mutation SyncBankAccount($id: ID!) {\n    syncBankAccount(id: $id) {\n      outcome\n      imported\n      duplicates\n      matched\n      notBefore\n    }\n  }\n": types.SyncBankAccountDocument,
    "\n  query PaymentGateway {\n    paymentGateway {\n      provider\n      keyHint\n      testMode\n      webhookUrl\n      updatedAt\n    }\n  }\n": types.PaymentGatewayDocument,
    "\n  mutation ConnectPaymentGateway($input: ConnectPaymentGatewayInput!) {\n    connectPaymentGateway(input: $input) {\n      provider\n      keyHint\n    }\n  }\n": types.ConnectPaymentGatewayDocument,
    "\n  mutation DisconnectPaymentGateway {\n    disconnectPaymentGateway\n  }\n": types.DisconnectPaymentGatewayDocument,
    "\n  mutation UpdateBankAccount($id: ID!, $input: UpdateBankAccountInput!) {\n    updateBankAccount(id: $id, input: $input) {\n      id\n      name\n      accountNumber\n      iban\n      currency\n    }\n  }\n": types.UpdateBankAccountDocument,
    "\n  mutation DeleteBankAccount($id: ID!) {\n    deleteBankAccount(id: $id)\n  }\n": types.DeleteBankAccountDocument,
    "\n  mutation CreatePayment($input: CreatePaymentInput!) {\n    createPayment(input: $input) {\n      id\n      amount\n      currency\n      matchStatus\n    }\n  }\n": types.CreatePaymentDocument,
    "\n  fragment StatementImportResult on StatementImport {\n    summary {\n      imported\n      duplicates\n      matched\n    }\n    lines {\n      transactionId\n      result\n      payment {\n        id\n        matchStatus\n      }\n    }\n  }\n": types.StatementImportResultFragmentDoc,
    "\n  query BankAccounts {\n    bankAccounts(limit: 200) {\n      data {\n        id\n        name\n        accountNumber\n        iban\n        currency\n        kind\n      }\n    }\n  }\n": types.BankAccountsDocument,
    "\n  mutation CreateBankAccount($input: CreateBankAccountInput!) {\n    createBankAccount(input: $input) {\n      id\n      name\n    }\n  }\n": types.CreateBankAccountDocument,
    "\n  mutation ImportPayments($input: ImportPaymentsInput!) {\n    importPayments(input: $input) {\n      ...StatementImportResult\n    }\n  }\n": types.ImportPaymentsDocument,
    "\n  query PaymentList($limit: Int, $cursor: String, $matchStatus: PaymentMatchStatus, $bankAccountId: ID, $view: ID) {\n    payments(limit: $limit, cursor: $cursor, matchStatus: $matchStatus, bankAccountId: $bankAccountId, view: $view) {\n      data {\n        id\n        transactionId\n        amount\n        currency\n        direction\n        receivedAt\n        variableSymbol\n        counterAccount\n        matchStatus\n        documentId\n        costId\n        suggestion {\n          documentId\n          number\n          clientName\n          currency\n          remainingAmount\n          reason\n          appliedAmount\n        }\n      }\n      nextCursor\n    }\n  }\n": types.PaymentListDocument,
    "\n  fragment OpenDocumentFields on Document {\n    id\n    number\n    clientName\n    remainingAmount\n    currency\n  }\n": types.OpenDocumentFieldsFragmentDoc,
    "\n  query OpenDocuments {\n    issued: documents(status: ISSUED, type: INVOICE, limit: 200) {\n      data {\n        ...OpenDocumentFields\n      }\n    }\n    sent: documents(status: SENT, type: INVOICE, limit: 200) {\n      data {\n        ...OpenDocumentFields\n      }\n    }\n  }\n": types.OpenDocumentsDocument,
    "\n  mutation MatchPayment($id: ID!, $documentId: ID) {\n    matchPayment(id: $id, documentId: $documentId) {\n      id\n      matchStatus\n      documentId\n    }\n  }\n": types.MatchPaymentDocument,
    "\n  mutation UnmatchPayment($id: ID!) {\n    unmatchPayment(id: $id) {\n      id\n      matchStatus\n    }\n  }\n": types.UnmatchPaymentDocument,
    "\n  fragment StatementPreviewFields on StatementPreview {\n    format\n    summary {\n      new\n      duplicates\n    }\n    lines {\n      transactionId\n      result\n      amount\n      currency\n      direction\n      receivedAt\n      variableSymbol\n      counterAccount\n      counterAccountName\n      message\n    }\n  }\n": types.StatementPreviewFieldsFragmentDoc,
    "\n  query PreviewPayments($input: ImportPaymentsInput!) {\n    previewPayments(input: $input) {\n      ...StatementPreviewFields\n    }\n  }\n": types.PreviewPaymentsDocument,
    "\n  query PreviewStatementFile($input: StatementFileInput!) {\n    previewStatementFile(input: $input) {\n      ...StatementPreviewFields\n    }\n  }\n": types.PreviewStatementFileDocument,
    "\n  mutation ImportStatementFile($input: StatementFileInput!) {\n    importStatementFile(input: $input) {\n      ...StatementImportResult\n    }\n  }\n": types.ImportStatementFileDocument,
    "\n  query OpenCosts {\n    costs(status: OPEN, limit: 200, sort: \"-issuedAt\") {\n      data {\n        id\n        number\n        supplierDocumentNumber\n        supplier {\n          name\n        }\n        remainingAmount\n        currency\n      }\n    }\n  }\n": types.OpenCostsDocument,
    "\n  mutation MatchPaymentToCost($id: ID!, $costId: ID!) {\n    matchPayment(id: $id, costId: $costId) {\n      id\n      matchStatus\n      costId\n    }\n  }\n": types.MatchPaymentToCostDocument,
    "\n  query PosDevices($limit: Int, $cursor: String) {\n    posDevices(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        prefix\n        createdAt\n        lastUsedAt\n        revokedAt\n      }\n      nextCursor\n    }\n  }\n": types.PosDevicesDocument,
    "\n  mutation CreatePosDevice($name: String!, $prefix: String) {\n    createPosDevice(name: $name, prefix: $prefix) {\n      id\n      name\n      token\n    }\n  }\n": types.CreatePosDeviceDocument,
    "\n  mutation UpdatePosDevice($id: ID!, $name: String, $prefix: String) {\n    updatePosDevice(id: $id, name: $name, prefix: $prefix) {\n      id\n      name\n      prefix\n    }\n  }\n": types.UpdatePosDeviceDocument,
    "\n  mutation RotatePosDeviceToken($id: ID!) {\n    rotatePosDeviceToken(id: $id) {\n      token\n    }\n  }\n": types.RotatePosDeviceTokenDocument,
    "\n  mutation RevokePosDevice($id: ID!) {\n    revokePosDevice(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": types.RevokePosDeviceDocument,
    "\n  fragment ProductSummary on Product {\n    id\n    name\n    sku\n    unit\n    price\n    vatRate\n  }\n": types.ProductSummaryFragmentDoc,
    "\n  query Products($limit: Int, $cursor: String, $search: String, $active: Boolean, $view: ID) {\n    products(limit: $limit, cursor: $cursor, search: $search, active: $active, view: $view) {\n      data {\n        ...ProductSummary\n        active\n      }\n      nextCursor\n    }\n  }\n": types.ProductsDocument,
    "\n  mutation CreateProduct($input: CreateProductInput!) {\n    createProduct(input: $input) {\n      id\n    }\n  }\n": types.CreateProductDocument,
    "\n  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {\n    updateProduct(id: $id, input: $input) {\n      id\n      active\n    }\n  }\n": types.UpdateProductDocument,
    "\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id) {\n      id\n      active\n    }\n  }\n": types.DeleteProductDocument,
    "\n  fragment RecurringSeriesFields on RecurringSeries {\n    id\n    name\n    documentType\n    contactId\n    currency\n    items {\n      name\n      quantity\n      unit\n      unitPrice\n      vatRate\n      priceIncludesVat\n    }\n    note\n    tags\n    dueInDays\n    language\n    startDate\n    unit\n    every\n    lastDayOfMonth\n    endDate\n    count\n    issueAndSend\n    status\n    nextDate\n    lastOccurrenceDate\n    lastError\n  }\n": types.RecurringSeriesFieldsFragmentDoc,
    "\n  query RecurringSeriesList($limit: Int, $cursor: String, $status: RecurringSeriesStatus, $view: ID) {\n    recurringSeries(limit: $limit, cursor: $cursor, status: $status, view: $view) {\n      data {\n        ...RecurringSeriesFields\n      }\n      nextCursor\n    }\n  }\n": types.RecurringSeriesListDocument,
    "\n  query RecurringSeriesDetail($id: ID!) {\n    recurringSeriesOne(id: $id) {\n      ...RecurringSeriesFields\n    }\n    recurringSeriesPreview(id: $id) {\n      dates\n    }\n    recurringSeriesDocuments(id: $id, limit: 100) {\n      data {\n        index\n        date\n        documentId\n      }\n    }\n  }\n": types.RecurringSeriesDetailDocument,
    "\n  query RecurringSeriesEdit($id: ID!) {\n    recurringSeriesOne(id: $id) {\n      ...RecurringSeriesFields\n    }\n  }\n": types.RecurringSeriesEditDocument,
    "\n  mutation CreateRecurringSeries($input: RecurringSeriesInput!) {\n    createRecurringSeries(input: $input) {\n      id\n    }\n  }\n": types.CreateRecurringSeriesDocument,
    "\n  mutation UpdateRecurringSeries($id: ID!, $input: RecurringSeriesInput!) {\n    updateRecurringSeries(id: $id, input: $input) {\n      id\n    }\n  }\n": types.UpdateRecurringSeriesDocument,
    "\n  mutation DeleteRecurringSeries($id: ID!) {\n    deleteRecurringSeries(id: $id)\n  }\n": types.DeleteRecurringSeriesDocument,
    "\n  mutation PauseRecurringSeries($id: ID!) {\n    pauseRecurringSeries(id: $id) {\n      id\n      status\n    }\n  }\n": types.PauseRecurringSeriesDocument,
    "\n  mutation ResumeRecurringSeries($id: ID!) {\n    resumeRecurringSeries(id: $id) {\n      id\n      status\n    }\n  }\n": types.ResumeRecurringSeriesDocument,
    "\n  query RecurringSchedulePreview($schedule: RecurringScheduleInput!) {\n    recurringSchedulePreview(schedule: $schedule) {\n      dates\n    }\n  }\n": types.RecurringSchedulePreviewDocument,
    "\n  query ReminderSteps {\n    reminderSteps {\n      id\n      days\n      active\n    }\n  }\n": types.ReminderStepsDocument,
    "\n  mutation SaveReminderSteps($steps: [ReminderStepInput!]!) {\n    saveReminderSteps(steps: $steps) {\n      id\n      days\n      active\n    }\n  }\n": types.SaveReminderStepsDocument,
    "\n  query DocumentReminders($documentId: ID!) {\n    documentReminders(documentId: $documentId) {\n      enabled\n      sent {\n        stepId\n        days\n        sentAt\n      }\n    }\n  }\n": types.DocumentRemindersDocument,
    "\n  mutation SetDocumentReminders($documentId: ID!, $enabled: Boolean!) {\n    setDocumentReminders(documentId: $documentId, enabled: $enabled) {\n      enabled\n      sent {\n        stepId\n        days\n        sentAt\n      }\n    }\n  }\n": types.SetDocumentRemindersDocument,
    "\n  query Reports($from: String!, $to: String!) {\n    vatReport(from: $from, to: $to) {\n      rates {\n        currency\n        vatRate\n        base\n        vat\n        total\n      }\n      input {\n        currency\n        vatRate\n        base\n        vat\n        total\n      }\n      balance {\n        currency\n        outputVat\n        inputVat\n        reverseChargeVat\n        difference\n        result\n      }\n    }\n    salesReport(from: $from, to: $to) {\n      byRate {\n        currency\n        vatRate\n        base\n        vat\n        total\n      }\n      totals {\n        currency\n        documentCount\n        base\n        vat\n        total\n        paidAmount\n        outstandingAmount\n      }\n      czkTotal {\n        documentCount\n        total\n        unconvertedDocumentCount\n      }\n    }\n  }\n": types.ReportsDocument,
    "\n  query Statistics($from: String!, $to: String!, $groupBy: String!) {\n    statistics(from: $from, to: $to, groupBy: $groupBy) {\n      periods {\n        period\n        invoiced {\n          documentCount\n          base\n          vat\n          total\n        }\n        paid\n        costs\n        vatBalance\n      }\n      aging {\n        notYetDue {\n          amount\n          count\n        }\n        d1_30 {\n          amount\n          count\n        }\n        d31_60 {\n          amount\n          count\n        }\n        d61_90 {\n          amount\n          count\n        }\n        d90plus {\n          amount\n          count\n        }\n      }\n      topCustomers {\n        contactId\n        name\n        revenue\n        documentCount\n      }\n      topProducts {\n        name\n        revenue\n        quantity\n      }\n      averageDaysToPayment\n    }\n  }\n": types.StatisticsDocument,
    "\n  query ReportsControlStatement($period: String!) {\n    vatControlStatement(period: $period) {\n      period\n      a1 {\n        documentId\n        number\n        customerVatId\n        taxableSupplyDate\n        code\n        base\n      }\n      a4 {\n        documentId\n        number\n        customerVatId\n        taxableSupplyDate\n        base21\n        vat21\n        base12\n        vat12\n        total\n      }\n      a5 {\n        base21\n        vat21\n        base12\n        vat12\n      }\n      b2 {\n        costId\n        number\n        supplierVatId\n        supplierDocumentNumber\n        taxableSupplyDate\n        base21\n        vat21\n        base12\n        vat12\n        total\n      }\n      b3 {\n        base21\n        vat21\n        base12\n        vat12\n      }\n    }\n  }\n": types.ReportsControlStatementDocument,
    "\n  query MySessions($limit: Int, $cursor: String) {\n    mySessions(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        current\n        createdAt\n        lastSeenAt\n        expiresAt\n        ip\n        userAgent\n      }\n      nextCursor\n    }\n  }\n": types.MySessionsDocument,
    "\n  mutation EndSession($id: ID!) {\n    endSession(id: $id)\n  }\n": types.EndSessionDocument,
    "\n  query TwoFactor {\n    twoFactor {\n      enabled\n      pending\n      recoveryCodesLeft\n      requiredByOrganization\n    }\n  }\n": types.TwoFactorDocument,
    "\n  mutation SetUpTwoFactor {\n    setUpTwoFactor {\n      secret\n      otpauthUrl\n    }\n  }\n": types.SetUpTwoFactorDocument,
    "\n  mutation EnableTwoFactor($code: String!) {\n    enableTwoFactor(code: $code) {\n      recoveryCodes\n    }\n  }\n": types.EnableTwoFactorDocument,
    "\n  mutation DisableTwoFactor($password: String!, $code: String!) {\n    disableTwoFactor(password: $password, code: $code)\n  }\n": types.DisableTwoFactorDocument,
    "\n  mutation SetTwoFactorRequired($required: Boolean!) {\n    setTwoFactorRequired(required: $required)\n  }\n": types.SetTwoFactorRequiredDocument,
    "\n  query Users($limit: Int, $cursor: String) {\n    users(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        email\n        role\n        departmentIds\n        createdAt\n        permissions {\n          ...PermissionLevels\n        }\n      }\n      nextCursor\n    }\n    departments(limit: 200) {\n      data {\n        id\n        name\n      }\n      nextCursor\n    }\n  }\n": types.UsersDocument,
    "\n  mutation CreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      email\n    }\n  }\n": types.CreateUserDocument,
    "\n  mutation UpdateUser($id: ID!, $input: UpdateUserInput!) {\n    updateUser(id: $id, input: $input) {\n      id\n      role\n    }\n  }\n": types.UpdateUserDocument,
    "\n  query DepartmentPage($limit: Int, $cursor: String) {\n    departments(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n      }\n      nextCursor\n    }\n  }\n": types.DepartmentPageDocument,
    "\n  mutation CreateDepartment($name: String!) {\n    createDepartment(name: $name) {\n      id\n      name\n    }\n  }\n": types.CreateDepartmentDocument,
    "\n  query Webhooks($limit: Int, $cursor: String) {\n    webhooks(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        url\n        events\n        isActive\n        createdAt\n      }\n      nextCursor\n    }\n    webhookEvents {\n      event\n      description\n    }\n  }\n": types.WebhooksDocument,
    "\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      id\n      name\n      secret\n    }\n  }\n": types.CreateWebhookDocument,
    "\n  mutation UpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {\n    updateWebhook(id: $id, input: $input) {\n      id\n      name\n      url\n      events\n      isActive\n    }\n  }\n": types.UpdateWebhookDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n": types.DeleteWebhookDocument,
    "\n  mutation TestWebhook($id: ID!) {\n    testWebhook(id: $id) {\n      delivered\n      statusCode\n      durationMs\n      error\n    }\n  }\n": types.TestWebhookDocument,
    "\n  query WebhookDeliveries($webhookId: ID!, $limit: Int, $cursor: String, $status: String) {\n    webhook(id: $webhookId) {\n      id\n      name\n      url\n    }\n    webhookDeliveries(webhookId: $webhookId, limit: $limit, cursor: $cursor, status: $status) {\n      data {\n        id\n        event\n        status\n        createdAt\n        attempts {\n          number\n          at\n          statusCode\n          durationMs\n          error\n        }\n      }\n      nextCursor\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  mutation ReplayWebhookDelivery($webhookId: ID!, $deliveryId: ID!) {\n    replayWebhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n": types.ReplayWebhookDeliveryDocument,
    "\n  fragment PermissionLevels on Permissions {\n    documents\n    costs\n    contacts\n    reports\n    payments\n    automations\n    company_settings\n  }\n": types.PermissionLevelsFragmentDoc,
    "\n  query Shell {\n    me {\n      language\n      defaultLanguage\n      user {\n        id\n        email\n        role\n        permissions {\n          ...PermissionLevels\n        }\n      }\n    }\n    organization {\n      id\n      name\n      plan\n    }\n  }\n": types.ShellDocument,
    "\n  query UnreadCount {\n    notifications(read: false, limit: 100) {\n      data {\n        id\n      }\n      nextCursor\n    }\n  }\n": types.UnreadCountDocument,
    "\n  mutation LogOut {\n    logOut\n  }\n": types.LogOutDocument,
    "\n  mutation SetMyLanguage($language: String) {\n    setMyLanguage(language: $language) {\n      language\n      defaultLanguage\n    }\n  }\n": types.SetMyLanguageDocument,
    "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      id\n      name\n    }\n  }\n": types.SignUpDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SavedViews($resource: String) {\n    savedViews(resource: $resource, limit: 100) {\n      data {\n        id\n        name\n        filters\n        sort\n        shared\n      }\n    }\n  }\n"): (typeof documents)["\n  query SavedViews($resource: String) {\n    savedViews(resource: $resource, limit: 100) {\n      data {\n        id\n        name\n        filters\n        sort\n        shared\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSavedView($input: SavedViewInput!) {\n    createSavedView(input: $input) {\n      id\n      name\n      filters\n      sort\n      shared\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSavedView($input: SavedViewInput!) {\n    createSavedView(input: $input) {\n      id\n      name\n      filters\n      sort\n      shared\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeys($limit: Int, $cursor: String) {\n    apiKeys(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        redacted\n        permissions {\n          documents\n          costs\n          contacts\n          reports\n          company_settings\n          payments\n          automations\n        }\n        createdAt\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query ApiKeys($limit: Int, $cursor: String) {\n    apiKeys(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        redacted\n        permissions {\n          documents\n          costs\n          contacts\n          reports\n          company_settings\n          payments\n          automations\n        }\n        createdAt\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QuotaUsage($cursor: String) {\n    quotaUsage(limit: 200, cursor: $cursor) {\n      data {\n        credentialId\n        credentialType\n        used\n        limit\n        remaining\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query QuotaUsage($cursor: String) {\n    quotaUsage(limit: 200, cursor: $cursor) {\n      data {\n        credentialId\n        credentialType\n        used\n        limit\n        remaining\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($name: String!, $permissions: PermissionsInput) {\n    createApiKey(name: $name, permissions: $permissions) {\n      id\n      name\n      key\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiKey($name: String!, $permissions: PermissionsInput) {\n    createApiKey(name: $name, permissions: $permissions) {\n      id\n      name\n      key\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteApiKey($id: ID!) {\n    deleteApiKey(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteApiKey($id: ID!) {\n    deleteApiKey(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditLog($limit: Int, $cursor: String, $action: AuditAction, $userId: ID) {\n    auditLog(limit: $limit, cursor: $cursor, action: $action, userId: $userId) {\n      data {\n        id\n        createdAt\n        action\n        ip\n        userAgent\n        details\n        actor {\n          userId\n          email\n          kind\n          credentialId\n        }\n        target {\n          type\n          id\n        }\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query AuditLog($limit: Int, $cursor: String, $action: AuditAction, $userId: ID) {\n    auditLog(limit: $limit, cursor: $cursor, action: $action, userId: $userId) {\n      data {\n        id\n        createdAt\n        action\n        ip\n        userAgent\n        details\n        actor {\n          userId\n          email\n          kind\n          credentialId\n        }\n        target {\n          type\n          id\n        }\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditPeople {\n    users(limit: 200) {\n      data {\n        id\n        email\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query AuditPeople {\n    users(limit: 200) {\n      data {\n        id\n        email\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AutomationFields on Automation {\n    id\n    name\n    isActive\n    triggerType\n    triggerEvent\n    triggerCron\n    conditions {\n      field\n      name\n      operator\n      value\n    }\n    actions {\n      type\n      params\n    }\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment AutomationFields on Automation {\n    id\n    name\n    isActive\n    triggerType\n    triggerEvent\n    triggerCron\n    conditions {\n      field\n      name\n      operator\n      value\n    }\n    actions {\n      type\n      params\n    }\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Automations($limit: Int, $cursor: String) {\n    automations(limit: $limit, cursor: $cursor) {\n      data {\n        ...AutomationFields\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query Automations($limit: Int, $cursor: String) {\n    automations(limit: $limit, cursor: $cursor) {\n      data {\n        ...AutomationFields\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Automation($id: ID!, $limit: Int, $cursor: String) {\n    automation(id: $id) {\n      ...AutomationFields\n    }\n    automationRuns(automationId: $id, limit: $limit, cursor: $cursor) {\n      data {\n        id\n        status\n        trigger\n        startedAt\n        finishedAt\n        error\n        context\n        actions {\n          index\n          type\n          status\n          detail\n          error\n        }\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query Automation($id: ID!, $limit: Int, $cursor: String) {\n    automation(id: $id) {\n      ...AutomationFields\n    }\n    automationRuns(automationId: $id, limit: $limit, cursor: $cursor) {\n      data {\n        id\n        status\n        trigger\n        startedAt\n        finishedAt\n        error\n        context\n        actions {\n          index\n          type\n          status\n          detail\n          error\n        }\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAutomation($input: CreateAutomationInput!) {\n    createAutomation(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateAutomation($input: CreateAutomationInput!) {\n    createAutomation(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAutomation($id: ID!, $input: UpdateAutomationInput!) {\n    updateAutomation(id: $id, input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateAutomation($id: ID!, $input: UpdateAutomationInput!) {\n    updateAutomation(id: $id, input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAutomation($id: ID!) {\n    deleteAutomation(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteAutomation($id: ID!) {\n    deleteAutomation(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RunAutomation($id: ID!, $context: JSONObject!) {\n    runAutomation(id: $id, context: $context) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation RunAutomation($id: ID!, $context: JSONObject!) {\n    runAutomation(id: $id, context: $context) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NumberingSeries {\n    numberingSeries {\n      documentType\n      format\n      restart\n      nextNumber\n      preview\n    }\n  }\n"): (typeof documents)["\n  query NumberingSeries {\n    numberingSeries {\n      documentType\n      format\n      restart\n      nextNumber\n      preview\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateNumberingSeries($series: [NumberingSeriesInput!]!) {\n    updateNumberingSeries(series: $series) {\n      documentType\n      preview\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateNumberingSeries($series: [NumberingSeriesInput!]!) {\n    updateNumberingSeries(series: $series) {\n      documentType\n      preview\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CompanySettings {\n    companySettings {\n      legalName\n      taxId\n      vatId\n      vatPayer\n      street\n      city\n      zip\n      country\n      iban\n      accountNumber\n      email\n      phone\n      registryText\n      lockIssuedDocuments\n    }\n    taxFilingSettings {\n      taxOfficeCode\n      taxOfficeWorkplaceCode\n      filerType\n      filerFirstName\n      filerLastName\n      vatPeriod\n      naceCode\n    }\n    documentLook {\n      accentColor\n      footerText\n      language\n      logoContentType\n    }\n  }\n"): (typeof documents)["\n  query CompanySettings {\n    companySettings {\n      legalName\n      taxId\n      vatId\n      vatPayer\n      street\n      city\n      zip\n      country\n      iban\n      accountNumber\n      email\n      phone\n      registryText\n      lockIssuedDocuments\n    }\n    taxFilingSettings {\n      taxOfficeCode\n      taxOfficeWorkplaceCode\n      filerType\n      filerFirstName\n      filerLastName\n      vatPeriod\n      naceCode\n    }\n    documentLook {\n      accentColor\n      footerText\n      language\n      logoContentType\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCompanySettings($input: UpdateCompanySettingsInput!) {\n    updateCompanySettings(input: $input) {\n      accountNumber\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateCompanySettings($input: UpdateCompanySettingsInput!) {\n    updateCompanySettings(input: $input) {\n      accountNumber\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateTaxFilingSettings($input: UpdateTaxFilingSettingsInput!) {\n    updateTaxFilingSettings(input: $input) {\n      taxOfficeCode\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateTaxFilingSettings($input: UpdateTaxFilingSettingsInput!) {\n    updateTaxFilingSettings(input: $input) {\n      taxOfficeCode\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDocumentLook($input: UpdateDocumentLookInput!) {\n    updateDocumentLook(input: $input) {\n      accentColor\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDocumentLook($input: UpdateDocumentLookInput!) {\n    updateDocumentLook(input: $input) {\n      accentColor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UploadCompanyLogo($input: UploadLogoInput!) {\n    uploadCompanyLogo(input: $input) {\n      logoContentType\n    }\n  }\n"): (typeof documents)["\n  mutation UploadCompanyLogo($input: UploadLogoInput!) {\n    uploadCompanyLogo(input: $input) {\n      logoContentType\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteCompanyLogo {\n    deleteCompanyLogo {\n      logoContentType\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteCompanyLogo {\n    deleteCompanyLogo {\n      logoContentType\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OAuthGrants($limit: Int, $cursor: String) {\n    oauthGrants(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        scopes\n        createdAt\n        updatedAt\n        application {\n          id\n          name\n          description\n        }\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query OAuthGrants($limit: Int, $cursor: String) {\n    oauthGrants(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        scopes\n        createdAt\n        updatedAt\n        application {\n          id\n          name\n          description\n        }\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeOAuthGrant($id: ID!) {\n    revokeOAuthGrant(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeOAuthGrant($id: ID!) {\n    revokeOAuthGrant(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ContactFields on Contact {\n    id\n    type\n    name\n    email\n    phone\n    taxId\n    vatId\n    street\n    city\n    zip\n    country\n    language\n    archived\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment ContactFields on Contact {\n    id\n    type\n    name\n    email\n    phone\n    taxId\n    vatId\n    street\n    city\n    zip\n    country\n    language\n    archived\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Contacts($limit: Int, $cursor: String, $search: String, $archived: Boolean, $view: ID) {\n    contacts(limit: $limit, cursor: $cursor, search: $search, archived: $archived, view: $view) {\n      data {\n        ...ContactFields\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query Contacts($limit: Int, $cursor: String, $search: String, $archived: Boolean, $view: ID) {\n    contacts(limit: $limit, cursor: $cursor, search: $search, archived: $archived, view: $view) {\n      data {\n        ...ContactFields\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Contact($id: ID!) {\n    contact(id: $id) {\n      ...ContactFields\n    }\n  }\n"): (typeof documents)["\n  query Contact($id: ID!) {\n    contact(id: $id) {\n      ...ContactFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateContact($input: CreateContactInput!) {\n    createContact(input: $input) {\n      ...ContactFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateContact($input: CreateContactInput!) {\n    createContact(input: $input) {\n      ...ContactFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateContact($id: ID!, $input: UpdateContactInput!) {\n    updateContact(id: $id, input: $input) {\n      ...ContactFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateContact($id: ID!, $input: UpdateContactInput!) {\n    updateContact(id: $id, input: $input) {\n      ...ContactFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CostList(\n    $limit: Int\n    $cursor: String\n    $search: String\n    $status: CostStatus\n    $kind: CostKind\n    $overdue: Boolean\n    $from: String\n    $to: String\n    $view: ID\n    $sort: String\n  ) {\n    costs(\n      limit: $limit\n      cursor: $cursor\n      search: $search\n      status: $status\n      kind: $kind\n      overdue: $overdue\n      from: $from\n      to: $to\n      view: $view\n      sort: $sort\n    ) {\n      data {\n        id\n        number\n        kind\n        status\n        overdue\n        supplierDocumentNumber\n        supplier {\n          name\n        }\n        issuedAt\n        dueAt\n        total\n        remainingAmount\n        currency\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query CostList(\n    $limit: Int\n    $cursor: String\n    $search: String\n    $status: CostStatus\n    $kind: CostKind\n    $overdue: Boolean\n    $from: String\n    $to: String\n    $view: ID\n    $sort: String\n  ) {\n    costs(\n      limit: $limit\n      cursor: $cursor\n      search: $search\n      status: $status\n      kind: $kind\n      overdue: $overdue\n      from: $from\n      to: $to\n      view: $view\n      sort: $sort\n    ) {\n      data {\n        id\n        number\n        kind\n        status\n        overdue\n        supplierDocumentNumber\n        supplier {\n          name\n        }\n        issuedAt\n        dueAt\n        total\n        remainingAmount\n        currency\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CostSuppliers {\n    suppliers: contacts(type: SUPPLIER, limit: 200, archived: false) {\n      data {\n        id\n        name\n      }\n    }\n    both: contacts(type: BOTH, limit: 200, archived: false) {\n      data {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query CostSuppliers {\n    suppliers: contacts(type: SUPPLIER, limit: 200, archived: false) {\n      data {\n        id\n        name\n      }\n    }\n    both: contacts(type: BOTH, limit: 200, archived: false) {\n      data {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CostTotalsPreview($items: [DocumentItemInput!]!) {\n    documentTotalsPreview(items: $items) {\n      subtotal\n      vatTotal\n      total\n      vatRates {\n        vatRate\n        subtotal\n        vatTotal\n        total\n      }\n    }\n  }\n"): (typeof documents)["\n  query CostTotalsPreview($items: [DocumentItemInput!]!) {\n    documentTotalsPreview(items: $items) {\n      subtotal\n      vatTotal\n      total\n      vatRates {\n        vatRate\n        subtotal\n        vatTotal\n        total\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CostDetailFields on Cost {\n    id\n    number\n    kind\n    status\n    overdue\n    supplierId\n    supplier {\n      name\n      taxId\n      vatId\n      street\n      city\n      zip\n    }\n    supplierDocumentNumber\n    variableSymbol\n    issuedAt\n    receivedAt\n    taxableSupplyDate\n    vatClaimDate\n    dueAt\n    paidAt\n    cancelledAt\n    currency\n    subtotal\n    vatTotal\n    total\n    paidAmount\n    remainingAmount\n    reverseCharge\n    taxDeductible\n    note\n    items {\n      name\n      quantity\n      unit\n      unitPrice\n      vatRate\n      base\n      vat\n      total\n    }\n    vatSummary {\n      vatRate\n      subtotal\n      vatTotal\n      total\n    }\n    attachments {\n      id\n      filename\n      contentType\n      size\n    }\n  }\n"): (typeof documents)["\n  fragment CostDetailFields on Cost {\n    id\n    number\n    kind\n    status\n    overdue\n    supplierId\n    supplier {\n      name\n      taxId\n      vatId\n      street\n      city\n      zip\n    }\n    supplierDocumentNumber\n    variableSymbol\n    issuedAt\n    receivedAt\n    taxableSupplyDate\n    vatClaimDate\n    dueAt\n    paidAt\n    cancelledAt\n    currency\n    subtotal\n    vatTotal\n    total\n    paidAmount\n    remainingAmount\n    reverseCharge\n    taxDeductible\n    note\n    items {\n      name\n      quantity\n      unit\n      unitPrice\n      vatRate\n      base\n      vat\n      total\n    }\n    vatSummary {\n      vatRate\n      subtotal\n      vatTotal\n      total\n    }\n    attachments {\n      id\n      filename\n      contentType\n      size\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Cost($id: ID!) {\n    cost(id: $id) {\n      ...CostDetailFields\n    }\n    payments(costId: $id, limit: 100) {\n      data {\n        id\n        amount\n        currency\n        receivedAt\n        method\n        note\n        matchStatus\n      }\n    }\n  }\n"): (typeof documents)["\n  query Cost($id: ID!) {\n    cost(id: $id) {\n      ...CostDetailFields\n    }\n    payments(costId: $id, limit: 100) {\n      data {\n        id\n        amount\n        currency\n        receivedAt\n        method\n        note\n        matchStatus\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCost($input: CreateCostInput!) {\n    createCost(input: $input) {\n      id\n      number\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCost($input: CreateCostInput!) {\n    createCost(input: $input) {\n      id\n      number\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCost($id: ID!, $input: UpdateCostInput!) {\n    updateCost(id: $id, input: $input) {\n      ...CostDetailFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateCost($id: ID!, $input: UpdateCostInput!) {\n    updateCost(id: $id, input: $input) {\n      ...CostDetailFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelCost($id: ID!) {\n    cancelCost(id: $id) {\n      ...CostDetailFields\n    }\n  }\n"): (typeof documents)["\n  mutation CancelCost($id: ID!) {\n    cancelCost(id: $id) {\n      ...CostDetailFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteCost($id: ID!) {\n    deleteCost(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteCost($id: ID!) {\n    deleteCost(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PayCost($input: CreatePaymentInput!) {\n    createPayment(input: $input) {\n      id\n      amount\n      currency\n      matchStatus\n    }\n  }\n"): (typeof documents)["\n  mutation PayCost($input: CreatePaymentInput!) {\n    createPayment(input: $input) {\n      id\n      amount\n      currency\n      matchStatus\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OutgoingPayments($limit: Int, $cursor: String) {\n    payments(direction: OUT, limit: $limit, cursor: $cursor, sort: \"-createdAt\") {\n      data {\n        id\n        amount\n        currency\n        receivedAt\n        method\n        counterAccount\n        counterAccountName\n        variableSymbol\n        matchStatus\n        costId\n        note\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query OutgoingPayments($limit: Int, $cursor: String) {\n    payments(direction: OUT, limit: $limit, cursor: $cursor, sort: \"-createdAt\") {\n      data {\n        id\n        amount\n        currency\n        receivedAt\n        method\n        counterAccount\n        counterAccountName\n        variableSymbol\n        matchStatus\n        costId\n        note\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardStatistics($from: String!, $to: String!) {\n    statistics(from: $from, to: $to, groupBy: \"month\") {\n      periods {\n        period\n        invoiced {\n          documentCount\n          total\n        }\n        paid\n      }\n      aging {\n        notYetDue {\n          amount\n          count\n        }\n        d1_30 {\n          amount\n          count\n        }\n        d31_60 {\n          amount\n          count\n        }\n        d61_90 {\n          amount\n          count\n        }\n        d90plus {\n          amount\n          count\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query DashboardStatistics($from: String!, $to: String!) {\n    statistics(from: $from, to: $to, groupBy: \"month\") {\n      periods {\n        period\n        invoiced {\n          documentCount\n          total\n        }\n        paid\n      }\n      aging {\n        notYetDue {\n          amount\n          count\n        }\n        d1_30 {\n          amount\n          count\n        }\n        d31_60 {\n          amount\n          count\n        }\n        d61_90 {\n          amount\n          count\n        }\n        d90plus {\n          amount\n          count\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardInvoices($today: String!) {\n    overdue: documents(type: INVOICE, unpaid: true, dueBefore: $today, limit: 200, sort: \"issuedAt\") {\n      data {\n        ...DashboardInvoice\n      }\n      nextCursor\n    }\n  }\n  fragment DashboardInvoice on Document {\n    id\n    number\n    clientName\n    dueAt\n    currency\n    remainingAmount\n    sentAt\n  }\n"): (typeof documents)["\n  query DashboardInvoices($today: String!) {\n    overdue: documents(type: INVOICE, unpaid: true, dueBefore: $today, limit: 200, sort: \"issuedAt\") {\n      data {\n        ...DashboardInvoice\n      }\n      nextCursor\n    }\n  }\n  fragment DashboardInvoice on Document {\n    id\n    number\n    clientName\n    dueAt\n    currency\n    remainingAmount\n    sentAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardCash($from: String!, $to: String!) {\n    statistics(from: $from, to: $to, groupBy: \"day\") {\n      periods {\n        period\n        cashIn\n        cashOut\n      }\n    }\n  }\n"): (typeof documents)["\n  query DashboardCash($from: String!, $to: String!) {\n    statistics(from: $from, to: $to, groupBy: \"day\") {\n      periods {\n        period\n        cashIn\n        cashOut\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardInbox {\n    inboxItems(status: EXTRACTED, limit: 200) {\n      data {\n        id\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query DashboardInbox {\n    inboxItems(status: EXTRACTED, limit: 200) {\n      data {\n        id\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardHooks {\n    webhooks(limit: 100) {\n      data {\n        id\n        name\n        isActive\n      }\n    }\n    automations(limit: 100) {\n      data {\n        id\n        name\n        isActive\n      }\n    }\n  }\n"): (typeof documents)["\n  query DashboardHooks {\n    webhooks(limit: 100) {\n      data {\n        id\n        name\n        isActive\n      }\n    }\n    automations(limit: 100) {\n      data {\n        id\n        name\n        isActive\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardWebhookDeliveries($webhookId: ID!) {\n    webhookDeliveries(webhookId: $webhookId, limit: 1) {\n      data {\n        id\n        status\n        createdAt\n        attempts {\n          at\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query DashboardWebhookDeliveries($webhookId: ID!) {\n    webhookDeliveries(webhookId: $webhookId, limit: 1) {\n      data {\n        id\n        status\n        createdAt\n        attempts {\n          at\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardAutomationRuns($automationId: ID!) {\n    automationRuns(automationId: $automationId, limit: 1) {\n      data {\n        id\n        status\n        startedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query DashboardAutomationRuns($automationId: ID!) {\n    automationRuns(automationId: $automationId, limit: 1) {\n      data {\n        id\n        status\n        startedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardSendReminder($id: ID!) {\n    sendDocumentEmail(id: $id, input: { kind: \"REMINDER\" }) {\n      id\n      status\n      sentAt\n    }\n  }\n"): (typeof documents)["\n  mutation DashboardSendReminder($id: ID!) {\n    sendDocumentEmail(id: $id, input: { kind: \"REMINDER\" }) {\n      id\n      status\n      sentAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDocumentExport($input: CreateExportInput!) {\n    createExport(input: $input) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation CreateDocumentExport($input: CreateExportInput!) {\n    createExport(input: $input) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentExportStatus($id: ID!) {\n    export(id: $id) {\n      id\n      status\n      progress {\n        done\n        total\n      }\n      error\n      downloadUrl\n    }\n  }\n"): (typeof documents)["\n  query DocumentExportStatus($id: ID!) {\n    export(id: $id) {\n      id\n      status\n      progress {\n        done\n        total\n      }\n      error\n      downloadUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DocumentItemFields on DocumentItem {\n    name\n    quantity\n    unit\n    unitPrice\n    vatRate\n    priceIncludesVat\n  }\n"): (typeof documents)["\n  fragment DocumentItemFields on DocumentItem {\n    name\n    quantity\n    unit\n    unitPrice\n    vatRate\n    priceIncludesVat\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentList(\n    $limit: Int\n    $cursor: String\n    $search: String\n    $type: DocumentType\n    $status: DocumentStatus\n    $contactId: ID\n    $from: String\n    $to: String\n    $sort: String\n    $view: ID\n    $unpaid: Boolean\n    $dueBefore: String\n  ) {\n    documents(\n      limit: $limit\n      cursor: $cursor\n      search: $search\n      type: $type\n      status: $status\n      contactId: $contactId\n      from: $from\n      to: $to\n      sort: $sort\n      view: $view\n      unpaid: $unpaid\n      dueBefore: $dueBefore\n    ) {\n      data {\n        id\n        type\n        status\n        number\n        clientName\n        currency\n        total\n        remainingAmount\n        issuedAt\n        dueAt\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query DocumentList(\n    $limit: Int\n    $cursor: String\n    $search: String\n    $type: DocumentType\n    $status: DocumentStatus\n    $contactId: ID\n    $from: String\n    $to: String\n    $sort: String\n    $view: ID\n    $unpaid: Boolean\n    $dueBefore: String\n  ) {\n    documents(\n      limit: $limit\n      cursor: $cursor\n      search: $search\n      type: $type\n      status: $status\n      contactId: $contactId\n      from: $from\n      to: $to\n      sort: $sort\n      view: $view\n      unpaid: $unpaid\n      dueBefore: $dueBefore\n    ) {\n      data {\n        id\n        type\n        status\n        number\n        clientName\n        currency\n        total\n        remainingAmount\n        issuedAt\n        dueAt\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ContactChoices {\n    contacts(limit: 200, archived: false) {\n      data {\n        id\n        name\n        email\n      }\n    }\n  }\n"): (typeof documents)["\n  query ContactChoices {\n    contacts(limit: 200, archived: false) {\n      data {\n        id\n        name\n        email\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProductChoices {\n    products(limit: 200, active: true) {\n      data {\n        ...ProductSummary\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProductChoices {\n    products(limit: 200, active: true) {\n      data {\n        ...ProductSummary\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentTotalsPreview($items: [DocumentItemInput!]!, $reverseCharge: ReverseChargeInput) {\n    documentTotalsPreview(items: $items, reverseCharge: $reverseCharge) {\n      items {\n        base\n        vat\n        total\n      }\n      vatRates {\n        vatRate\n        subtotal\n        vatTotal\n        total\n      }\n      subtotal\n      vatTotal\n      total\n    }\n  }\n"): (typeof documents)["\n  query DocumentTotalsPreview($items: [DocumentItemInput!]!, $reverseCharge: ReverseChargeInput) {\n    documentTotalsPreview(items: $items, reverseCharge: $reverseCharge) {\n      items {\n        base\n        vat\n        total\n      }\n      vatRates {\n        vatRate\n        subtotal\n        vatTotal\n        total\n      }\n      subtotal\n      vatTotal\n      total\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EditDocument($id: ID!) {\n    document(id: $id) {\n      id\n      type\n      status\n      number\n      contactId\n      clientName\n      currency\n      variableSymbol\n      note\n      validUntil\n      language\n      exchangeRate\n      subtotalCzk\n      vatTotalCzk\n      totalCzk\n      issuedAt\n      taxableSupplyDate\n      dueAt\n      reverseCharge {\n        regime\n        code\n      }\n      items {\n        ...DocumentItemFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query EditDocument($id: ID!) {\n    document(id: $id) {\n      id\n      type\n      status\n      number\n      contactId\n      clientName\n      currency\n      variableSymbol\n      note\n      validUntil\n      language\n      exchangeRate\n      subtotalCzk\n      vatTotalCzk\n      totalCzk\n      issuedAt\n      taxableSupplyDate\n      dueAt\n      reverseCharge {\n        regime\n        code\n      }\n      items {\n        ...DocumentItemFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDocument($input: CreateDocumentInput!) {\n    createDocument(input: $input) {\n      id\n      number\n    }\n  }\n"): (typeof documents)["\n  mutation CreateDocument($input: CreateDocumentInput!) {\n    createDocument(input: $input) {\n      id\n      number\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDocument($id: ID!, $input: UpdateDocumentInput!) {\n    updateDocument(id: $id, input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDocument($id: ID!, $input: UpdateDocumentInput!) {\n    updateDocument(id: $id, input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentDetail($id: ID!) {\n    document(id: $id) {\n      id\n      type\n      status\n      allowedTransitions\n      number\n      variableSymbol\n      contactId\n      clientName\n      currency\n      items {\n        ...DocumentItemFields\n        base\n        vat\n        total\n      }\n      subtotal\n      vatTotal\n      total\n      paidAmount\n      remainingAmount\n      creditedAmount\n      exchangeRate\n      subtotalCzk\n      vatTotalCzk\n      totalCzk\n      correctedDocumentId\n      correctedDocumentNumber\n      creditNoteReason\n      creditNotes {\n        id\n        number\n      }\n      language\n      tags\n      note\n      issuedAt\n      taxableSupplyDate\n      dueAt\n      sentAt\n      paidAt\n      cancelledAt\n      publicUrl\n      reverseCharge {\n        regime\n        code\n      }\n      proformaId\n      proformaNumber\n      advanceDocuments {\n        id\n        number\n        amount\n      }\n      finalInvoiceId\n      settledAdvances {\n        id\n        number\n        amount\n      }\n      convertibleTo\n      sourceDocumentId\n      derivedDocumentIds\n      validUntil\n      answeredAt\n      answerNote\n      createdAt\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query DocumentDetail($id: ID!) {\n    document(id: $id) {\n      id\n      type\n      status\n      allowedTransitions\n      number\n      variableSymbol\n      contactId\n      clientName\n      currency\n      items {\n        ...DocumentItemFields\n        base\n        vat\n        total\n      }\n      subtotal\n      vatTotal\n      total\n      paidAmount\n      remainingAmount\n      creditedAmount\n      exchangeRate\n      subtotalCzk\n      vatTotalCzk\n      totalCzk\n      correctedDocumentId\n      correctedDocumentNumber\n      creditNoteReason\n      creditNotes {\n        id\n        number\n      }\n      language\n      tags\n      note\n      issuedAt\n      taxableSupplyDate\n      dueAt\n      sentAt\n      paidAt\n      cancelledAt\n      publicUrl\n      reverseCharge {\n        regime\n        code\n      }\n      proformaId\n      proformaNumber\n      advanceDocuments {\n        id\n        number\n        amount\n      }\n      finalInvoiceId\n      settledAdvances {\n        id\n        number\n        amount\n      }\n      convertibleTo\n      sourceDocumentId\n      derivedDocumentIds\n      validUntil\n      answeredAt\n      answerNote\n      createdAt\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCreditNote($id: ID!, $input: CreditNoteInput!) {\n    createCreditNote(id: $id, input: $input) {\n      id\n      number\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCreditNote($id: ID!, $input: CreditNoteInput!) {\n    createCreditNote(id: $id, input: $input) {\n      id\n      number\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentPayments($documentId: ID!) {\n    payments(documentId: $documentId, limit: 200) {\n      data {\n        id\n        amount\n        currency\n        receivedAt\n        variableSymbol\n        counterAccount\n        matchStatus\n        matchedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query DocumentPayments($documentId: ID!) {\n    payments(documentId: $documentId, limit: 200) {\n      data {\n        id\n        amount\n        currency\n        receivedAt\n        variableSymbol\n        counterAccount\n        matchStatus\n        matchedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentHistory($id: ID!) {\n    documentHistory(id: $id, limit: 200) {\n      data {\n        action\n        fromStatus\n        toStatus\n        reason\n        userId\n        at\n      }\n    }\n  }\n"): (typeof documents)["\n  query DocumentHistory($id: ID!) {\n    documentHistory(id: $id, limit: 200) {\n      data {\n        action\n        fromStatus\n        toStatus\n        reason\n        userId\n        at\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TransitionDocument($id: ID!, $status: DocumentStatus!) {\n    transitionDocument(id: $id, status: $status) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation TransitionDocument($id: ID!, $status: DocumentStatus!) {\n    transitionDocument(id: $id, status: $status) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendDocumentEmail($id: ID!, $input: SendDocumentEmailInput) {\n    sendDocumentEmail(id: $id, input: $input) {\n      id\n      status\n      sentAt\n    }\n  }\n"): (typeof documents)["\n  mutation SendDocumentEmail($id: ID!, $input: SendDocumentEmailInput) {\n    sendDocumentEmail(id: $id, input: $input) {\n      id\n      status\n      sentAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateFinalInvoice($id: ID!) {\n    createFinalInvoice(id: $id) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateFinalInvoice($id: ID!) {\n    createFinalInvoice(id: $id) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConvertDocument($id: ID!, $input: ConvertDocumentInput!) {\n    convertDocument(id: $id, input: $input) {\n      id\n      number\n    }\n  }\n"): (typeof documents)["\n  mutation ConvertDocument($id: ID!, $input: ConvertDocumentInput!) {\n    convertDocument(id: $id, input: $input) {\n      id\n      number\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDocument($id: ID!) {\n    deleteDocument(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteDocument($id: ID!) {\n    deleteDocument(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EmailTemplates {\n    emailTemplates {\n      kind\n      language\n      step\n      subject\n      body\n      custom\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query EmailTemplates {\n    emailTemplates {\n      kind\n      language\n      step\n      subject\n      body\n      custom\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveEmailTemplate($input: SaveEmailTemplateInput!) {\n    saveEmailTemplate(input: $input) {\n      kind\n      language\n      step\n      subject\n      body\n      custom\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation SaveEmailTemplate($input: SaveEmailTemplateInput!) {\n    saveEmailTemplate(input: $input) {\n      kind\n      language\n      step\n      subject\n      body\n      custom\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetEmailTemplate($kind: String!, $language: String!, $step: Int) {\n    resetEmailTemplate(kind: $kind, language: $language, step: $step) {\n      kind\n      language\n      step\n      custom\n    }\n  }\n"): (typeof documents)["\n  mutation ResetEmailTemplate($kind: String!, $language: String!, $step: Int) {\n    resetEmailTemplate(kind: $kind, language: $language, step: $step) {\n      kind\n      language\n      step\n      custom\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EmailSettings {\n    emailSettings {\n      paymentThanks\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query EmailSettings {\n    emailSettings {\n      paymentThanks\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveEmailSettings($paymentThanks: Boolean!) {\n    saveEmailSettings(paymentThanks: $paymentThanks) {\n      paymentThanks\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation SaveEmailSettings($paymentThanks: Boolean!) {\n    saveEmailSettings(paymentThanks: $paymentThanks) {\n      paymentThanks\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EmailTemplatePreview($input: PreviewEmailTemplateInput!) {\n    emailTemplatePreview(input: $input) {\n      subject\n      text\n      language\n    }\n  }\n"): (typeof documents)["\n  query EmailTemplatePreview($input: PreviewEmailTemplateInput!) {\n    emailTemplatePreview(input: $input) {\n      subject\n      text\n      language\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PreviewDocuments($from: String) {\n    documents(type: INVOICE, from: $from, limit: 200) {\n      data {\n        id\n        number\n        clientName\n        issuedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query PreviewDocuments($from: String) {\n    documents(type: INVOICE, from: $from, limit: 200) {\n      data {\n        id\n        number\n        clientName\n        issuedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Exports {\n    exports(limit: 20) {\n      data {\n        id\n        resource\n        format\n        status\n        progress {\n          done\n          total\n        }\n        error\n        createdAt\n        finishedAt\n        downloadUrl\n        downloadExpiresAt\n        sizeBytes\n      }\n    }\n  }\n"): (typeof documents)["\n  query Exports {\n    exports(limit: 20) {\n      data {\n        id\n        resource\n        format\n        status\n        progress {\n          done\n          total\n        }\n        error\n        createdAt\n        finishedAt\n        downloadUrl\n        downloadExpiresAt\n        sizeBytes\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartExport($input: CreateExportInput!) {\n    createExport(input: $input) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation StartExport($input: CreateExportInput!) {\n    createExport(input: $input) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ExtractedValue on ExtractedText {\n    value\n    confidence\n  }\n"): (typeof documents)["\n  fragment ExtractedValue on ExtractedText {\n    value\n    confidence\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment InboxItemFields on InboxItem {\n    id\n    status\n    filename\n    contentType\n    size\n    pages\n    method\n    engine\n    failureReason\n    supplierContactId\n    duplicateCostId\n    costId\n    createdAt\n    processedAt\n    fields {\n      supplierIco {\n        ...ExtractedValue\n      }\n      supplierDic {\n        ...ExtractedValue\n      }\n      supplierName {\n        ...ExtractedValue\n      }\n      documentNumber {\n        ...ExtractedValue\n      }\n      variableSymbol {\n        ...ExtractedValue\n      }\n      issueDate {\n        ...ExtractedValue\n      }\n      taxableSupplyDate {\n        ...ExtractedValue\n      }\n      dueDate {\n        ...ExtractedValue\n      }\n      total {\n        ...ExtractedValue\n      }\n      currency {\n        ...ExtractedValue\n      }\n      iban {\n        ...ExtractedValue\n      }\n      accountNumber {\n        ...ExtractedValue\n      }\n      vat {\n        rate\n        base\n        vat\n        confidence\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment InboxItemFields on InboxItem {\n    id\n    status\n    filename\n    contentType\n    size\n    pages\n    method\n    engine\n    failureReason\n    supplierContactId\n    duplicateCostId\n    costId\n    createdAt\n    processedAt\n    fields {\n      supplierIco {\n        ...ExtractedValue\n      }\n      supplierDic {\n        ...ExtractedValue\n      }\n      supplierName {\n        ...ExtractedValue\n      }\n      documentNumber {\n        ...ExtractedValue\n      }\n      variableSymbol {\n        ...ExtractedValue\n      }\n      issueDate {\n        ...ExtractedValue\n      }\n      taxableSupplyDate {\n        ...ExtractedValue\n      }\n      dueDate {\n        ...ExtractedValue\n      }\n      total {\n        ...ExtractedValue\n      }\n      currency {\n        ...ExtractedValue\n      }\n      iban {\n        ...ExtractedValue\n      }\n      accountNumber {\n        ...ExtractedValue\n      }\n      vat {\n        rate\n        base\n        vat\n        confidence\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment InboxRow on InboxItem {\n    id\n    status\n    filename\n    failureReason\n    duplicateCostId\n    createdAt\n    fields {\n      supplierName {\n        value\n      }\n      documentNumber {\n        value\n      }\n      total {\n        value\n      }\n      currency {\n        value\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment InboxRow on InboxItem {\n    id\n    status\n    filename\n    failureReason\n    duplicateCostId\n    createdAt\n    fields {\n      supplierName {\n        value\n      }\n      documentNumber {\n        value\n      }\n      total {\n        value\n      }\n      currency {\n        value\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InboxItems($limit: Int, $cursor: String, $status: InboxItemStatus) {\n    inboxItems(limit: $limit, cursor: $cursor, status: $status) {\n      data {\n        ...InboxRow\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query InboxItems($limit: Int, $cursor: String, $status: InboxItemStatus) {\n    inboxItems(limit: $limit, cursor: $cursor, status: $status) {\n      data {\n        ...InboxRow\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InboxItem($id: ID!) {\n    inboxItem(id: $id) {\n      ...InboxItemFields\n    }\n  }\n"): (typeof documents)["\n  query InboxItem($id: ID!) {\n    inboxItem(id: $id) {\n      ...InboxItemFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InboxSuppliers {\n    contacts(limit: 200, archived: false) {\n      data {\n        id\n        name\n        type\n        taxId\n      }\n    }\n  }\n"): (typeof documents)["\n  query InboxSuppliers {\n    contacts(limit: 200, archived: false) {\n      data {\n        id\n        name\n        type\n        taxId\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteInboxItem($id: ID!) {\n    deleteInboxItem(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteInboxItem($id: ID!) {\n    deleteInboxItem(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmInboxItem($id: ID!, $input: ConfirmInboxItemInput) {\n    confirmInboxItem(id: $id, input: $input) {\n      item {\n        ...InboxItemFields\n      }\n      cost {\n        id\n        number\n        supplier {\n          name\n        }\n        total\n        currency\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmInboxItem($id: ID!, $input: ConfirmInboxItemInput) {\n    confirmInboxItem(id: $id, input: $input) {\n      item {\n        ...InboxItemFields\n      }\n      cost {\n        id\n        number\n        supplier {\n          name\n        }\n        total\n        currency\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InboxCost($id: ID!) {\n    cost(id: $id) {\n      id\n      number\n      status\n      supplier {\n        name\n      }\n      supplierDocumentNumber\n      variableSymbol\n      total\n      currency\n      attachments {\n        filename\n      }\n    }\n  }\n"): (typeof documents)["\n  query InboxCost($id: ID!) {\n    cost(id: $id) {\n      id\n      number\n      status\n      supplier {\n        name\n      }\n      supplierDocumentNumber\n      variableSymbol\n      total\n      currency\n      attachments {\n        filename\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Notifications($limit: Int, $cursor: String, $read: Boolean) {\n    notifications(limit: $limit, cursor: $cursor, read: $read) {\n      data {\n        id\n        type\n        title\n        message\n        read\n        createdAt\n        documentId\n        webhookId\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query Notifications($limit: Int, $cursor: String, $read: Boolean) {\n    notifications(limit: $limit, cursor: $cursor, read: $read) {\n      data {\n        id\n        type\n        title\n        message\n        read\n        createdAt\n        documentId\n        webhookId\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkNotificationRead($id: ID!) {\n    markNotificationRead(id: $id) {\n      id\n      read\n    }\n  }\n"): (typeof documents)["\n  mutation MarkNotificationRead($id: ID!) {\n    markNotificationRead(id: $id) {\n      id\n      read\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OAuthApplications($limit: Int, $cursor: String) {\n    oauthApplications(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        description\n        clientId\n        confidential\n        disabled\n        redirectUris\n        scopes\n        createdAt\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query OAuthApplications($limit: Int, $cursor: String) {\n    oauthApplications(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        description\n        clientId\n        confidential\n        disabled\n        redirectUris\n        scopes\n        createdAt\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterOAuthApplication($input: RegisterOAuthApplicationInput!) {\n    registerOAuthApplication(input: $input) {\n      id\n      name\n      clientId\n      clientSecret\n    }\n  }\n"): (typeof documents)["\n  mutation RegisterOAuthApplication($input: RegisterOAuthApplicationInput!) {\n    registerOAuthApplication(input: $input) {\n      id\n      name\n      clientId\n      clientSecret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateOAuthApplication($id: ID!, $input: UpdateOAuthApplicationInput!) {\n    updateOAuthApplication(id: $id, input: $input) {\n      id\n      name\n      disabled\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateOAuthApplication($id: ID!, $input: UpdateOAuthApplicationInput!) {\n    updateOAuthApplication(id: $id, input: $input) {\n      id\n      name\n      disabled\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateOAuthApplicationSecret($id: ID!) {\n    rotateOAuthApplicationSecret(id: $id) {\n      clientSecret\n    }\n  }\n"): (typeof documents)["\n  mutation RotateOAuthApplicationSecret($id: ID!) {\n    rotateOAuthApplicationSecret(id: $id) {\n      clientSecret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BankConnection($id: ID!) {\n    bankAccount(id: $id) {\n      id\n      kind\n      connection {\n        provider\n        status\n        lastSyncAt\n        lastError\n        lastErrorAt\n        nextSyncAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query BankConnection($id: ID!) {\n    bankAccount(id: $id) {\n      id\n      kind\n      connection {\n        provider\n        status\n        lastSyncAt\n        lastError\n        lastErrorAt\n        nextSyncAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConnectBankAccount($id: ID!, $token: String!) {\n    connectBankAccount(id: $id, provider: FIO, token: $token) {\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation ConnectBankAccount($id: ID!, $token: String!) {\n    connectBankAccount(id: $id, provider: FIO, token: $token) {\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisconnectBankAccount($id: ID!) {\n    disconnectBankAccount(id: $id)\n  }\n"): (typeof documents)["\n  mutation DisconnectBankAccount($id: ID!) {\n    disconnectBankAccount(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SyncBankAccount($id: ID!) {\n    syncBankAccount(id: $id) {\n      outcome\n      imported\n      duplicates\n      matched\n      notBefore\n    }\n  }\n"): (typeof documents)["\n  mutation SyncBankAccount($id: ID!) {\n    syncBankAccount(id: $id) {\n      outcome\n      imported\n      duplicates\n      matched\n      notBefore\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentGateway {\n    paymentGateway {\n      provider\n      keyHint\n      testMode\n      webhookUrl\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query PaymentGateway {\n    paymentGateway {\n      provider\n      keyHint\n      testMode\n      webhookUrl\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConnectPaymentGateway($input: ConnectPaymentGatewayInput!) {\n    connectPaymentGateway(input: $input) {\n      provider\n      keyHint\n    }\n  }\n"): (typeof documents)["\n  mutation ConnectPaymentGateway($input: ConnectPaymentGatewayInput!) {\n    connectPaymentGateway(input: $input) {\n      provider\n      keyHint\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisconnectPaymentGateway {\n    disconnectPaymentGateway\n  }\n"): (typeof documents)["\n  mutation DisconnectPaymentGateway {\n    disconnectPaymentGateway\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateBankAccount($id: ID!, $input: UpdateBankAccountInput!) {\n    updateBankAccount(id: $id, input: $input) {\n      id\n      name\n      accountNumber\n      iban\n      currency\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateBankAccount($id: ID!, $input: UpdateBankAccountInput!) {\n    updateBankAccount(id: $id, input: $input) {\n      id\n      name\n      accountNumber\n      iban\n      currency\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteBankAccount($id: ID!) {\n    deleteBankAccount(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteBankAccount($id: ID!) {\n    deleteBankAccount(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePayment($input: CreatePaymentInput!) {\n    createPayment(input: $input) {\n      id\n      amount\n      currency\n      matchStatus\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePayment($input: CreatePaymentInput!) {\n    createPayment(input: $input) {\n      id\n      amount\n      currency\n      matchStatus\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment StatementImportResult on StatementImport {\n    summary {\n      imported\n      duplicates\n      matched\n    }\n    lines {\n      transactionId\n      result\n      payment {\n        id\n        matchStatus\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment StatementImportResult on StatementImport {\n    summary {\n      imported\n      duplicates\n      matched\n    }\n    lines {\n      transactionId\n      result\n      payment {\n        id\n        matchStatus\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BankAccounts {\n    bankAccounts(limit: 200) {\n      data {\n        id\n        name\n        accountNumber\n        iban\n        currency\n        kind\n      }\n    }\n  }\n"): (typeof documents)["\n  query BankAccounts {\n    bankAccounts(limit: 200) {\n      data {\n        id\n        name\n        accountNumber\n        iban\n        currency\n        kind\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateBankAccount($input: CreateBankAccountInput!) {\n    createBankAccount(input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateBankAccount($input: CreateBankAccountInput!) {\n    createBankAccount(input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ImportPayments($input: ImportPaymentsInput!) {\n    importPayments(input: $input) {\n      ...StatementImportResult\n    }\n  }\n"): (typeof documents)["\n  mutation ImportPayments($input: ImportPaymentsInput!) {\n    importPayments(input: $input) {\n      ...StatementImportResult\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentList($limit: Int, $cursor: String, $matchStatus: PaymentMatchStatus, $bankAccountId: ID, $view: ID) {\n    payments(limit: $limit, cursor: $cursor, matchStatus: $matchStatus, bankAccountId: $bankAccountId, view: $view) {\n      data {\n        id\n        transactionId\n        amount\n        currency\n        direction\n        receivedAt\n        variableSymbol\n        counterAccount\n        matchStatus\n        documentId\n        costId\n        suggestion {\n          documentId\n          number\n          clientName\n          currency\n          remainingAmount\n          reason\n          appliedAmount\n        }\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query PaymentList($limit: Int, $cursor: String, $matchStatus: PaymentMatchStatus, $bankAccountId: ID, $view: ID) {\n    payments(limit: $limit, cursor: $cursor, matchStatus: $matchStatus, bankAccountId: $bankAccountId, view: $view) {\n      data {\n        id\n        transactionId\n        amount\n        currency\n        direction\n        receivedAt\n        variableSymbol\n        counterAccount\n        matchStatus\n        documentId\n        costId\n        suggestion {\n          documentId\n          number\n          clientName\n          currency\n          remainingAmount\n          reason\n          appliedAmount\n        }\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OpenDocumentFields on Document {\n    id\n    number\n    clientName\n    remainingAmount\n    currency\n  }\n"): (typeof documents)["\n  fragment OpenDocumentFields on Document {\n    id\n    number\n    clientName\n    remainingAmount\n    currency\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OpenDocuments {\n    issued: documents(status: ISSUED, type: INVOICE, limit: 200) {\n      data {\n        ...OpenDocumentFields\n      }\n    }\n    sent: documents(status: SENT, type: INVOICE, limit: 200) {\n      data {\n        ...OpenDocumentFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query OpenDocuments {\n    issued: documents(status: ISSUED, type: INVOICE, limit: 200) {\n      data {\n        ...OpenDocumentFields\n      }\n    }\n    sent: documents(status: SENT, type: INVOICE, limit: 200) {\n      data {\n        ...OpenDocumentFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MatchPayment($id: ID!, $documentId: ID) {\n    matchPayment(id: $id, documentId: $documentId) {\n      id\n      matchStatus\n      documentId\n    }\n  }\n"): (typeof documents)["\n  mutation MatchPayment($id: ID!, $documentId: ID) {\n    matchPayment(id: $id, documentId: $documentId) {\n      id\n      matchStatus\n      documentId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnmatchPayment($id: ID!) {\n    unmatchPayment(id: $id) {\n      id\n      matchStatus\n    }\n  }\n"): (typeof documents)["\n  mutation UnmatchPayment($id: ID!) {\n    unmatchPayment(id: $id) {\n      id\n      matchStatus\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment StatementPreviewFields on StatementPreview {\n    format\n    summary {\n      new\n      duplicates\n    }\n    lines {\n      transactionId\n      result\n      amount\n      currency\n      direction\n      receivedAt\n      variableSymbol\n      counterAccount\n      counterAccountName\n      message\n    }\n  }\n"): (typeof documents)["\n  fragment StatementPreviewFields on StatementPreview {\n    format\n    summary {\n      new\n      duplicates\n    }\n    lines {\n      transactionId\n      result\n      amount\n      currency\n      direction\n      receivedAt\n      variableSymbol\n      counterAccount\n      counterAccountName\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PreviewPayments($input: ImportPaymentsInput!) {\n    previewPayments(input: $input) {\n      ...StatementPreviewFields\n    }\n  }\n"): (typeof documents)["\n  query PreviewPayments($input: ImportPaymentsInput!) {\n    previewPayments(input: $input) {\n      ...StatementPreviewFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PreviewStatementFile($input: StatementFileInput!) {\n    previewStatementFile(input: $input) {\n      ...StatementPreviewFields\n    }\n  }\n"): (typeof documents)["\n  query PreviewStatementFile($input: StatementFileInput!) {\n    previewStatementFile(input: $input) {\n      ...StatementPreviewFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ImportStatementFile($input: StatementFileInput!) {\n    importStatementFile(input: $input) {\n      ...StatementImportResult\n    }\n  }\n"): (typeof documents)["\n  mutation ImportStatementFile($input: StatementFileInput!) {\n    importStatementFile(input: $input) {\n      ...StatementImportResult\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OpenCosts {\n    costs(status: OPEN, limit: 200, sort: \"-issuedAt\") {\n      data {\n        id\n        number\n        supplierDocumentNumber\n        supplier {\n          name\n        }\n        remainingAmount\n        currency\n      }\n    }\n  }\n"): (typeof documents)["\n  query OpenCosts {\n    costs(status: OPEN, limit: 200, sort: \"-issuedAt\") {\n      data {\n        id\n        number\n        supplierDocumentNumber\n        supplier {\n          name\n        }\n        remainingAmount\n        currency\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MatchPaymentToCost($id: ID!, $costId: ID!) {\n    matchPayment(id: $id, costId: $costId) {\n      id\n      matchStatus\n      costId\n    }\n  }\n"): (typeof documents)["\n  mutation MatchPaymentToCost($id: ID!, $costId: ID!) {\n    matchPayment(id: $id, costId: $costId) {\n      id\n      matchStatus\n      costId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PosDevices($limit: Int, $cursor: String) {\n    posDevices(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        prefix\n        createdAt\n        lastUsedAt\n        revokedAt\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query PosDevices($limit: Int, $cursor: String) {\n    posDevices(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        prefix\n        createdAt\n        lastUsedAt\n        revokedAt\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePosDevice($name: String!, $prefix: String) {\n    createPosDevice(name: $name, prefix: $prefix) {\n      id\n      name\n      token\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePosDevice($name: String!, $prefix: String) {\n    createPosDevice(name: $name, prefix: $prefix) {\n      id\n      name\n      token\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePosDevice($id: ID!, $name: String, $prefix: String) {\n    updatePosDevice(id: $id, name: $name, prefix: $prefix) {\n      id\n      name\n      prefix\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePosDevice($id: ID!, $name: String, $prefix: String) {\n    updatePosDevice(id: $id, name: $name, prefix: $prefix) {\n      id\n      name\n      prefix\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotatePosDeviceToken($id: ID!) {\n    rotatePosDeviceToken(id: $id) {\n      token\n    }\n  }\n"): (typeof documents)["\n  mutation RotatePosDeviceToken($id: ID!) {\n    rotatePosDeviceToken(id: $id) {\n      token\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokePosDevice($id: ID!) {\n    revokePosDevice(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"): (typeof documents)["\n  mutation RevokePosDevice($id: ID!) {\n    revokePosDevice(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProductSummary on Product {\n    id\n    name\n    sku\n    unit\n    price\n    vatRate\n  }\n"): (typeof documents)["\n  fragment ProductSummary on Product {\n    id\n    name\n    sku\n    unit\n    price\n    vatRate\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Products($limit: Int, $cursor: String, $search: String, $active: Boolean, $view: ID) {\n    products(limit: $limit, cursor: $cursor, search: $search, active: $active, view: $view) {\n      data {\n        ...ProductSummary\n        active\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query Products($limit: Int, $cursor: String, $search: String, $active: Boolean, $view: ID) {\n    products(limit: $limit, cursor: $cursor, search: $search, active: $active, view: $view) {\n      data {\n        ...ProductSummary\n        active\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProduct($input: CreateProductInput!) {\n    createProduct(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateProduct($input: CreateProductInput!) {\n    createProduct(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {\n    updateProduct(id: $id, input: $input) {\n      id\n      active\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {\n    updateProduct(id: $id, input: $input) {\n      id\n      active\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id) {\n      id\n      active\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id) {\n      id\n      active\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RecurringSeriesFields on RecurringSeries {\n    id\n    name\n    documentType\n    contactId\n    currency\n    items {\n      name\n      quantity\n      unit\n      unitPrice\n      vatRate\n      priceIncludesVat\n    }\n    note\n    tags\n    dueInDays\n    language\n    startDate\n    unit\n    every\n    lastDayOfMonth\n    endDate\n    count\n    issueAndSend\n    status\n    nextDate\n    lastOccurrenceDate\n    lastError\n  }\n"): (typeof documents)["\n  fragment RecurringSeriesFields on RecurringSeries {\n    id\n    name\n    documentType\n    contactId\n    currency\n    items {\n      name\n      quantity\n      unit\n      unitPrice\n      vatRate\n      priceIncludesVat\n    }\n    note\n    tags\n    dueInDays\n    language\n    startDate\n    unit\n    every\n    lastDayOfMonth\n    endDate\n    count\n    issueAndSend\n    status\n    nextDate\n    lastOccurrenceDate\n    lastError\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RecurringSeriesList($limit: Int, $cursor: String, $status: RecurringSeriesStatus, $view: ID) {\n    recurringSeries(limit: $limit, cursor: $cursor, status: $status, view: $view) {\n      data {\n        ...RecurringSeriesFields\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query RecurringSeriesList($limit: Int, $cursor: String, $status: RecurringSeriesStatus, $view: ID) {\n    recurringSeries(limit: $limit, cursor: $cursor, status: $status, view: $view) {\n      data {\n        ...RecurringSeriesFields\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RecurringSeriesDetail($id: ID!) {\n    recurringSeriesOne(id: $id) {\n      ...RecurringSeriesFields\n    }\n    recurringSeriesPreview(id: $id) {\n      dates\n    }\n    recurringSeriesDocuments(id: $id, limit: 100) {\n      data {\n        index\n        date\n        documentId\n      }\n    }\n  }\n"): (typeof documents)["\n  query RecurringSeriesDetail($id: ID!) {\n    recurringSeriesOne(id: $id) {\n      ...RecurringSeriesFields\n    }\n    recurringSeriesPreview(id: $id) {\n      dates\n    }\n    recurringSeriesDocuments(id: $id, limit: 100) {\n      data {\n        index\n        date\n        documentId\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RecurringSeriesEdit($id: ID!) {\n    recurringSeriesOne(id: $id) {\n      ...RecurringSeriesFields\n    }\n  }\n"): (typeof documents)["\n  query RecurringSeriesEdit($id: ID!) {\n    recurringSeriesOne(id: $id) {\n      ...RecurringSeriesFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateRecurringSeries($input: RecurringSeriesInput!) {\n    createRecurringSeries(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateRecurringSeries($input: RecurringSeriesInput!) {\n    createRecurringSeries(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateRecurringSeries($id: ID!, $input: RecurringSeriesInput!) {\n    updateRecurringSeries(id: $id, input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateRecurringSeries($id: ID!, $input: RecurringSeriesInput!) {\n    updateRecurringSeries(id: $id, input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteRecurringSeries($id: ID!) {\n    deleteRecurringSeries(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteRecurringSeries($id: ID!) {\n    deleteRecurringSeries(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PauseRecurringSeries($id: ID!) {\n    pauseRecurringSeries(id: $id) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation PauseRecurringSeries($id: ID!) {\n    pauseRecurringSeries(id: $id) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeRecurringSeries($id: ID!) {\n    resumeRecurringSeries(id: $id) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation ResumeRecurringSeries($id: ID!) {\n    resumeRecurringSeries(id: $id) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RecurringSchedulePreview($schedule: RecurringScheduleInput!) {\n    recurringSchedulePreview(schedule: $schedule) {\n      dates\n    }\n  }\n"): (typeof documents)["\n  query RecurringSchedulePreview($schedule: RecurringScheduleInput!) {\n    recurringSchedulePreview(schedule: $schedule) {\n      dates\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReminderSteps {\n    reminderSteps {\n      id\n      days\n      active\n    }\n  }\n"): (typeof documents)["\n  query ReminderSteps {\n    reminderSteps {\n      id\n      days\n      active\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveReminderSteps($steps: [ReminderStepInput!]!) {\n    saveReminderSteps(steps: $steps) {\n      id\n      days\n      active\n    }\n  }\n"): (typeof documents)["\n  mutation SaveReminderSteps($steps: [ReminderStepInput!]!) {\n    saveReminderSteps(steps: $steps) {\n      id\n      days\n      active\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentReminders($documentId: ID!) {\n    documentReminders(documentId: $documentId) {\n      enabled\n      sent {\n        stepId\n        days\n        sentAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query DocumentReminders($documentId: ID!) {\n    documentReminders(documentId: $documentId) {\n      enabled\n      sent {\n        stepId\n        days\n        sentAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetDocumentReminders($documentId: ID!, $enabled: Boolean!) {\n    setDocumentReminders(documentId: $documentId, enabled: $enabled) {\n      enabled\n      sent {\n        stepId\n        days\n        sentAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SetDocumentReminders($documentId: ID!, $enabled: Boolean!) {\n    setDocumentReminders(documentId: $documentId, enabled: $enabled) {\n      enabled\n      sent {\n        stepId\n        days\n        sentAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Reports($from: String!, $to: String!) {\n    vatReport(from: $from, to: $to) {\n      rates {\n        currency\n        vatRate\n        base\n        vat\n        total\n      }\n      input {\n        currency\n        vatRate\n        base\n        vat\n        total\n      }\n      balance {\n        currency\n        outputVat\n        inputVat\n        reverseChargeVat\n        difference\n        result\n      }\n    }\n    salesReport(from: $from, to: $to) {\n      byRate {\n        currency\n        vatRate\n        base\n        vat\n        total\n      }\n      totals {\n        currency\n        documentCount\n        base\n        vat\n        total\n        paidAmount\n        outstandingAmount\n      }\n      czkTotal {\n        documentCount\n        total\n        unconvertedDocumentCount\n      }\n    }\n  }\n"): (typeof documents)["\n  query Reports($from: String!, $to: String!) {\n    vatReport(from: $from, to: $to) {\n      rates {\n        currency\n        vatRate\n        base\n        vat\n        total\n      }\n      input {\n        currency\n        vatRate\n        base\n        vat\n        total\n      }\n      balance {\n        currency\n        outputVat\n        inputVat\n        reverseChargeVat\n        difference\n        result\n      }\n    }\n    salesReport(from: $from, to: $to) {\n      byRate {\n        currency\n        vatRate\n        base\n        vat\n        total\n      }\n      totals {\n        currency\n        documentCount\n        base\n        vat\n        total\n        paidAmount\n        outstandingAmount\n      }\n      czkTotal {\n        documentCount\n        total\n        unconvertedDocumentCount\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Statistics($from: String!, $to: String!, $groupBy: String!) {\n    statistics(from: $from, to: $to, groupBy: $groupBy) {\n      periods {\n        period\n        invoiced {\n          documentCount\n          base\n          vat\n          total\n        }\n        paid\n        costs\n        vatBalance\n      }\n      aging {\n        notYetDue {\n          amount\n          count\n        }\n        d1_30 {\n          amount\n          count\n        }\n        d31_60 {\n          amount\n          count\n        }\n        d61_90 {\n          amount\n          count\n        }\n        d90plus {\n          amount\n          count\n        }\n      }\n      topCustomers {\n        contactId\n        name\n        revenue\n        documentCount\n      }\n      topProducts {\n        name\n        revenue\n        quantity\n      }\n      averageDaysToPayment\n    }\n  }\n"): (typeof documents)["\n  query Statistics($from: String!, $to: String!, $groupBy: String!) {\n    statistics(from: $from, to: $to, groupBy: $groupBy) {\n      periods {\n        period\n        invoiced {\n          documentCount\n          base\n          vat\n          total\n        }\n        paid\n        costs\n        vatBalance\n      }\n      aging {\n        notYetDue {\n          amount\n          count\n        }\n        d1_30 {\n          amount\n          count\n        }\n        d31_60 {\n          amount\n          count\n        }\n        d61_90 {\n          amount\n          count\n        }\n        d90plus {\n          amount\n          count\n        }\n      }\n      topCustomers {\n        contactId\n        name\n        revenue\n        documentCount\n      }\n      topProducts {\n        name\n        revenue\n        quantity\n      }\n      averageDaysToPayment\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReportsControlStatement($period: String!) {\n    vatControlStatement(period: $period) {\n      period\n      a1 {\n        documentId\n        number\n        customerVatId\n        taxableSupplyDate\n        code\n        base\n      }\n      a4 {\n        documentId\n        number\n        customerVatId\n        taxableSupplyDate\n        base21\n        vat21\n        base12\n        vat12\n        total\n      }\n      a5 {\n        base21\n        vat21\n        base12\n        vat12\n      }\n      b2 {\n        costId\n        number\n        supplierVatId\n        supplierDocumentNumber\n        taxableSupplyDate\n        base21\n        vat21\n        base12\n        vat12\n        total\n      }\n      b3 {\n        base21\n        vat21\n        base12\n        vat12\n      }\n    }\n  }\n"): (typeof documents)["\n  query ReportsControlStatement($period: String!) {\n    vatControlStatement(period: $period) {\n      period\n      a1 {\n        documentId\n        number\n        customerVatId\n        taxableSupplyDate\n        code\n        base\n      }\n      a4 {\n        documentId\n        number\n        customerVatId\n        taxableSupplyDate\n        base21\n        vat21\n        base12\n        vat12\n        total\n      }\n      a5 {\n        base21\n        vat21\n        base12\n        vat12\n      }\n      b2 {\n        costId\n        number\n        supplierVatId\n        supplierDocumentNumber\n        taxableSupplyDate\n        base21\n        vat21\n        base12\n        vat12\n        total\n      }\n      b3 {\n        base21\n        vat21\n        base12\n        vat12\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MySessions($limit: Int, $cursor: String) {\n    mySessions(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        current\n        createdAt\n        lastSeenAt\n        expiresAt\n        ip\n        userAgent\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query MySessions($limit: Int, $cursor: String) {\n    mySessions(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        current\n        createdAt\n        lastSeenAt\n        expiresAt\n        ip\n        userAgent\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EndSession($id: ID!) {\n    endSession(id: $id)\n  }\n"): (typeof documents)["\n  mutation EndSession($id: ID!) {\n    endSession(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TwoFactor {\n    twoFactor {\n      enabled\n      pending\n      recoveryCodesLeft\n      requiredByOrganization\n    }\n  }\n"): (typeof documents)["\n  query TwoFactor {\n    twoFactor {\n      enabled\n      pending\n      recoveryCodesLeft\n      requiredByOrganization\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetUpTwoFactor {\n    setUpTwoFactor {\n      secret\n      otpauthUrl\n    }\n  }\n"): (typeof documents)["\n  mutation SetUpTwoFactor {\n    setUpTwoFactor {\n      secret\n      otpauthUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EnableTwoFactor($code: String!) {\n    enableTwoFactor(code: $code) {\n      recoveryCodes\n    }\n  }\n"): (typeof documents)["\n  mutation EnableTwoFactor($code: String!) {\n    enableTwoFactor(code: $code) {\n      recoveryCodes\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisableTwoFactor($password: String!, $code: String!) {\n    disableTwoFactor(password: $password, code: $code)\n  }\n"): (typeof documents)["\n  mutation DisableTwoFactor($password: String!, $code: String!) {\n    disableTwoFactor(password: $password, code: $code)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetTwoFactorRequired($required: Boolean!) {\n    setTwoFactorRequired(required: $required)\n  }\n"): (typeof documents)["\n  mutation SetTwoFactorRequired($required: Boolean!) {\n    setTwoFactorRequired(required: $required)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Users($limit: Int, $cursor: String) {\n    users(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        email\n        role\n        departmentIds\n        createdAt\n        permissions {\n          ...PermissionLevels\n        }\n      }\n      nextCursor\n    }\n    departments(limit: 200) {\n      data {\n        id\n        name\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query Users($limit: Int, $cursor: String) {\n    users(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        email\n        role\n        departmentIds\n        createdAt\n        permissions {\n          ...PermissionLevels\n        }\n      }\n      nextCursor\n    }\n    departments(limit: 200) {\n      data {\n        id\n        name\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      email\n    }\n  }\n"): (typeof documents)["\n  mutation CreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateUser($id: ID!, $input: UpdateUserInput!) {\n    updateUser(id: $id, input: $input) {\n      id\n      role\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateUser($id: ID!, $input: UpdateUserInput!) {\n    updateUser(id: $id, input: $input) {\n      id\n      role\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DepartmentPage($limit: Int, $cursor: String) {\n    departments(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query DepartmentPage($limit: Int, $cursor: String) {\n    departments(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDepartment($name: String!) {\n    createDepartment(name: $name) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateDepartment($name: String!) {\n    createDepartment(name: $name) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Webhooks($limit: Int, $cursor: String) {\n    webhooks(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        url\n        events\n        isActive\n        createdAt\n      }\n      nextCursor\n    }\n    webhookEvents {\n      event\n      description\n    }\n  }\n"): (typeof documents)["\n  query Webhooks($limit: Int, $cursor: String) {\n    webhooks(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        url\n        events\n        isActive\n        createdAt\n      }\n      nextCursor\n    }\n    webhookEvents {\n      event\n      description\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      id\n      name\n      secret\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      id\n      name\n      secret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {\n    updateWebhook(id: $id, input: $input) {\n      id\n      name\n      url\n      events\n      isActive\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {\n    updateWebhook(id: $id, input: $input) {\n      id\n      name\n      url\n      events\n      isActive\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestWebhook($id: ID!) {\n    testWebhook(id: $id) {\n      delivered\n      statusCode\n      durationMs\n      error\n    }\n  }\n"): (typeof documents)["\n  mutation TestWebhook($id: ID!) {\n    testWebhook(id: $id) {\n      delivered\n      statusCode\n      durationMs\n      error\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDeliveries($webhookId: ID!, $limit: Int, $cursor: String, $status: String) {\n    webhook(id: $webhookId) {\n      id\n      name\n      url\n    }\n    webhookDeliveries(webhookId: $webhookId, limit: $limit, cursor: $cursor, status: $status) {\n      data {\n        id\n        event\n        status\n        createdAt\n        attempts {\n          number\n          at\n          statusCode\n          durationMs\n          error\n        }\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query WebhookDeliveries($webhookId: ID!, $limit: Int, $cursor: String, $status: String) {\n    webhook(id: $webhookId) {\n      id\n      name\n      url\n    }\n    webhookDeliveries(webhookId: $webhookId, limit: $limit, cursor: $cursor, status: $status) {\n      data {\n        id\n        event\n        status\n        createdAt\n        attempts {\n          number\n          at\n          statusCode\n          durationMs\n          error\n        }\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReplayWebhookDelivery($webhookId: ID!, $deliveryId: ID!) {\n    replayWebhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation ReplayWebhookDelivery($webhookId: ID!, $deliveryId: ID!) {\n    replayWebhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PermissionLevels on Permissions {\n    documents\n    costs\n    contacts\n    reports\n    payments\n    automations\n    company_settings\n  }\n"): (typeof documents)["\n  fragment PermissionLevels on Permissions {\n    documents\n    costs\n    contacts\n    reports\n    payments\n    automations\n    company_settings\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Shell {\n    me {\n      language\n      defaultLanguage\n      user {\n        id\n        email\n        role\n        permissions {\n          ...PermissionLevels\n        }\n      }\n    }\n    organization {\n      id\n      name\n      plan\n    }\n  }\n"): (typeof documents)["\n  query Shell {\n    me {\n      language\n      defaultLanguage\n      user {\n        id\n        email\n        role\n        permissions {\n          ...PermissionLevels\n        }\n      }\n    }\n    organization {\n      id\n      name\n      plan\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UnreadCount {\n    notifications(read: false, limit: 100) {\n      data {\n        id\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query UnreadCount {\n    notifications(read: false, limit: 100) {\n      data {\n        id\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LogOut {\n    logOut\n  }\n"): (typeof documents)["\n  mutation LogOut {\n    logOut\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetMyLanguage($language: String) {\n    setMyLanguage(language: $language) {\n      language\n      defaultLanguage\n    }\n  }\n"): (typeof documents)["\n  mutation SetMyLanguage($language: String) {\n    setMyLanguage(language: $language) {\n      language\n      defaultLanguage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      id\n      name\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;