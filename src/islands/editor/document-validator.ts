import type { ErrorSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';
import { type DocumentId, documentIssues, issueText } from '#src/lib/content/content-documents.ts';

/**
 * The generated form's validator: the document's own valibot schema, the one the server checks every save and
 * publish with, so each field's message is the server's, word for word, under the field it names. The JSON schema
 * the form is drawn from (documentFormSchema) is only a drawing: its checks are not run. Our schemas have no
 * anyOf/oneOf for the form to choose between, so `isValid` (the form's way of picking a branch) has nothing to decide.
 */
export function documentValidator(id: DocumentId): ValidatorType {
  return {
    validateFormData(formData): ValidationData<unknown> {
      const errorSchema: ErrorSchema = {};
      const errors: RJSFValidationError[] = documentIssues(id, formData).map((issue) => {
        let node: Record<string, unknown> = errorSchema;
        for (const key of issue.path) {
          node[key] ??= {};
          node = node[key] as Record<string, unknown>;
        }
        node.__errors = [...((node.__errors as string[] | undefined) ?? []), issue.message];
        return { property: issue.path.map((k) => `.${k}`).join(''), message: issue.message, stack: issueText(issue) };
      });
      return { errors, errorSchema };
    },
    isValid: () => true,
    rawValidation(_schema, formData) {
      const issues = documentIssues(id, formData);
      return issues.length === 0 ? {} : { validationError: new Error(issues.map(issueText).join('\n')) };
    },
  };
}
