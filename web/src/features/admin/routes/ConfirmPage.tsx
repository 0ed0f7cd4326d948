import { Alert, Anchor } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocaleLink, useLocalePath } from '../../../app/locale';
import { actionFromLink, useAdminActions } from '../actions';
import { ConfirmDialog } from '../components/ConfirmDialog';

/** Only an admin page may be where a link sends the admin afterwards. */
function backPath(value: string | null): string {
  return value && /^\/admin(\/|$|\?)/.test(value) ? value : '/admin';
}

/**
 * `/admin/modal` (no meaning in the spec): the shared confirm dialog as a page, for a link that
 * carries its action, e.g. `/admin/modal?action=deleteUser&email=…&back=/admin`. Confirming runs the
 * action, cancelling does nothing; both go back to `back` (an admin path, else `/admin`).
 */
export function ConfirmPage() {
  const { t } = useTranslation('admin');
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const actions = useAdminActions();
  const request = actionFromLink(query, actions);
  const back = backPath(query.get('back'));
  if (!request)
    return (
      <Alert color="yellow" title={t('modal.noAction')} data-testid="modal-no-action">
        {t('modal.noActionHint')}{' '}
        <Anchor component={LocaleLink} to="/admin">
          {t('modal.back')}
        </Anchor>
      </Alert>
    );
  return (
    <ConfirmDialog request={request} onClose={() => void navigate(localePath(back), { replace: true })} />
  );
}
