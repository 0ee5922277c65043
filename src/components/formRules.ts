import type { FormInstance, FormRule } from 'antd';
import type { ZodType } from 'zod';
import type { ServerRefusal } from '../platform/apiErrors';

/** The schemas' messages are either whole sentences ("Name can't be blank") or a predicate ("is too large"). */
const fieldMessage = (label: string, message: string) => (/^[a-z]/.test(message) ? `${label} ${message}` : message);

/** A form rule that checks a field with the same zod schema the server validates it with. */
export const zodRule = (schema: ZodType, label: string): FormRule => ({
  validator: async (_rule, value) => {
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(fieldMessage(label, result.error.issues[0]?.message ?? 'is invalid'));
  },
});

/**
 * Puts the server's field errors on the form's fields (`labels`: field name → its label) and returns the messages that belong to no visible
 * field, for the dialog's own alert. Field names may arrive nested ("bank_account.name").
 */
export function showRefusalOnForm(form: FormInstance, refusal: ServerRefusal, labels: Readonly<Record<string, string>>): string[] {
  const onFields = new Set<string>();
  const fieldData = Object.entries(refusal.fieldErrors).flatMap(([key, errors]) => {
    const name = key.split('.').at(-1) ?? key;
    const label = labels[name];
    if (!label) return [];
    errors.forEach((error) => onFields.add(error));
    return [{ name, errors: errors.map((error) => fieldMessage(label, error)) }];
  });
  form.setFields(fieldData);
  return refusal.messages.filter((message) => !onFields.has(message));
}
