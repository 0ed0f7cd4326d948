/**
 * The forms of the app: @mantine/form holds values, touched and errors; the rules are the shared
 * schemas of @shelfscan/validation (product spec part 5), whose messages are keys of the shared
 * catalogue (@shelfscan/messages, namespace `messages`). A server 422 puts each message on the field it names.
 */
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import type { FormSchema } from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { readApiError } from './errors';
import { catalogueText } from './messages';

/**
 * The text of a field error: a key of the shared catalogue translated (its market lists come from the
 * market table, @shelfscan/messages' withMarkets), any other text (a server's) as it is.
 */
export function useValidationText() {
  const { t } = useTranslation('common');
  return useCallback(
    (error: ReactNode): ReactNode =>
      catalogueText(error) === undefined ? error : t(`messages:${error as string}`),
    [t],
  );
}

/**
 * A controlled @mantine/form validated by a shared schema on submit; `getInputProps(path).error` is
 * the translated message, and typing in a field clears its error.
 */
export function useSchemaForm<Values extends Record<string, unknown>>(
  schema: FormSchema<Values>,
  initialValues: Values,
): UseFormReturnType<Values> {
  const text = useValidationText();
  return useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    enhanceGetInputProps: ({ inputProps }) => ({ error: text(inputProps.error as ReactNode) }),
  });
}

/**
 * Shows a failed call on a form. A 422 puts each message on the field it names (`fields` maps the
 * server's field names to the form's where they differ; a list item's `items[2].name` is the form's
 * `items.2.name`) and returns the others joined by line breaks
 * (product spec part 8), or null when every message found its field. Any other failure, or a 422
 * without a list, returns `otherwise(error)`.
 */
export function showServerErrors<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  error: unknown,
  otherwise: (error: unknown) => string,
  fields: Record<string, string> = {},
): string | null {
  const { status, errors } = readApiError(error);
  if (status !== 422 || !errors?.length) return otherwise(error);
  const values = form.getValues();
  const onFields = new Map<string, string[]>();
  const rest: string[] = [];
  for (const { field, msg } of errors) {
    if (typeof msg !== 'string' || !msg) continue;
    const path = field ? formPath(fields[field] ?? field) : undefined;
    if (path && hasPath(values, path)) onFields.set(path, [...(onFields.get(path) ?? []), msg]);
    else rest.push(msg);
  }
  if (onFields.size === 0 && rest.length === 0) return otherwise(error);
  for (const [path, messages] of onFields) form.setFieldError(path, messages.join('\n'));
  return rest.length > 0 ? rest.join('\n') : null;
}

/**
 * A form's submit against the server: validates, runs `send`, and on failure puts the server's
 * messages on their fields (showServerErrors); `error` is what found no field, cleared at each submit.
 */
export function useServerSubmit<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  otherwise: (error: unknown) => string,
  send: (values: Values) => Promise<void>,
) {
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event?: FormEvent<HTMLFormElement>) => {
    setError(null);
    form.onSubmit(async (values) => {
      try {
        await send(values);
      } catch (e) {
        setError(showServerErrors(form, e, otherwise));
      }
    })(event);
  };
  return { error, onSubmit };
}

/** A server's field name as a form path: `parameters[3].value1` → `parameters.3.value1`. */
function formPath(field: string): string {
  return field.replace(/\[(\d+)\]/g, '.$1');
}

/** Whether the form's values hold a field at this dotted path (a list item's field included). */
function hasPath(values: unknown, path: string): boolean {
  let node = values;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, key))
      return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}
