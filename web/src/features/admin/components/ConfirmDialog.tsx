import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { reasonForm } from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../lib/form';
import { FormButtons, ReasonInput } from './FormParts';

/** A destructive admin action waiting for its confirmation (the shared dialog, `/admin/modal`). */
export interface ConfirmRequest {
  /** data-testid of the dialog; its button is `<testId>-confirm`. */
  testId: string;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  color?: string;
  /** Ask why (required, recorded with the action). */
  askReason?: boolean;
  /** A text the admin types again to confirm (the email of a user to delete). */
  typeToConfirm?: string;
  /** Does the action; a rejection keeps the dialog open (the error was already shown). */
  run: (reason: string) => Promise<unknown>;
}

/**
 * The confirm dialog every destructive admin action goes through: what will happen, an optional
 * reason and an optional retyped value, Cancel, and the action's button (busy while it runs).
 * `onClose(true)` after the action succeeded, `onClose(false)` when cancelled.
 */
export function ConfirmDialog({
  request,
  onClose,
}: {
  request: ConfirmRequest | null;
  onClose: (done: boolean) => void;
}) {
  return (
    <Modal
      opened={request !== null}
      onClose={() => onClose(false)}
      title={request?.title}
      data-testid={request?.testId}
    >
      {/* A new request starts with an empty form. */}
      {request && <ConfirmBody key={request.testId + request.title} request={request} onClose={onClose} />}
    </Modal>
  );
}

function ConfirmBody({ request, onClose }: { request: ConfirmRequest; onClose: (done: boolean) => void }) {
  const { t } = useTranslation('admin');
  const form = useSchemaForm(reasonForm, { reason: '' });
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const retyped =
    !request.typeToConfirm || typed.trim().toLowerCase() === request.typeToConfirm.trim().toLowerCase();

  const confirm = async (reason: string) => {
    setBusy(true);
    try {
      await request.run(reason);
      onClose(true);
    } catch {
      // The error was shown by the call; the dialog stays for another try or Cancel.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        if (request.askReason) form.onSubmit((values) => void confirm(values.reason.trim()))(event);
        else {
          event.preventDefault();
          void confirm('');
        }
      }}
    >
      <Stack gap="md">
        <Text component="div" style={{ whiteSpace: 'pre-line' }}>
          {request.message}
        </Text>
        {request.askReason && (
          <ReasonInput {...form.getInputProps('reason')} data-testid={`${request.testId}-reason`} />
        )}
        {request.typeToConfirm && (
          <TextInput
            label={t('confirm.typeToConfirm', { value: request.typeToConfirm })}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-testid={`${request.testId}-retype`}
          />
        )}
        <FormButtons
          onCancel={() => onClose(false)}
          busy={busy}
          label={request.confirmLabel}
          color={request.color ?? 'red'}
          disabled={!retyped}
          testId={`${request.testId}-confirm`}
        />
      </Stack>
    </form>
  );
}

type Confirm = (request: ConfirmRequest) => void;

const ConfirmContext = createContext<Confirm>(() => undefined);

/** Holds the one confirm dialog of the admin pages; `useConfirm()` opens it with a request. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const confirm = useCallback<Confirm>((next) => setRequest(next), []);
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <ConfirmDialog request={request} onClose={() => setRequest(null)} />
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  return useContext(ConfirmContext);
}
