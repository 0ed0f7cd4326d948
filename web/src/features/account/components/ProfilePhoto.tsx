import { useRef, useState } from 'react';
import { Alert, Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../app/userApi';
import { useUploadPhotoMutation } from '../api/accountApi';
import { checkPhotoFile, PHOTO_ACCEPT } from '../photo';
import { useApiErrorText } from '../../../lib/useApiErrorText';

/** Profile photo: JPG, GIF or PNG (checked by content), at most 800 kB; shown in the navigation bar too. */
export function ProfilePhoto({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account');
  const errorText = useApiErrorText('account');
  const [upload, { isLoading }] = useUploadPhotoMutation();
  const [error, setError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState(false);
  const resetRef = useRef<() => void>(null);

  const onFile = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    setError(null);
    setUploaded(false);
    const problem = await checkPhotoFile(file);
    if (problem) {
      setError(t(`messages:${problem}`));
      return;
    }
    try {
      await upload(file).unwrap();
      setUploaded(true);
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <Stack gap="sm" data-testid="account-photo">
      <Group gap="md" wrap="nowrap">
        <Avatar
          src={user.imageUrl || null}
          size={72}
          radius="xl"
          alt={t('photo.alt')}
          data-testid="account-photo-avatar"
        >
          {`${user.firstName?.[0] ?? ''}${user.lastName?.[0] ?? ''}`.toUpperCase()}
        </Avatar>
        <Stack gap={4}>
          <FileButton
            resetRef={resetRef}
            onChange={(f) => void onFile(f)}
            accept={PHOTO_ACCEPT}
            inputProps={{ 'data-testid': 'account-photo-input' } as React.ComponentProps<'input'>}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconUpload size={16} />}
                loading={isLoading}
                data-testid="account-photo-button"
              >
                {t('photo.choose')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('photo.rules')}
          </Text>
        </Stack>
      </Group>
      {error && (
        <Alert color="red" role="alert" data-testid="account-photo-error">
          {error}
        </Alert>
      )}
      {uploaded && (
        <Alert color="green" role="status" data-testid="account-photo-success">
          {t('photo.uploaded')}
        </Alert>
      )}
    </Stack>
  );
}
