import { ActionIcon, Affix, Menu } from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CONTACT_EMAIL, whatsappLink } from '../contact';

/**
 * Floating contact button (logged-in users only): WhatsApp message or e-mail.
 * The contact form (subject + message through the e-mail service) is a later issue.
 */
export function ContactButton() {
  const { t } = useTranslation('common');
  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Menu position="top-end" withinPortal>
        <Menu.Target>
          <ActionIcon size={52} radius="xl" aria-label={t('contact.open')} data-testid="contact-button">
            <IconMessageCircle size={26} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('contact.title')}</Menu.Label>
          <Menu.Item
            component="a"
            href={whatsappLink(t('contact.whatsappText'))}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconBrandWhatsapp size={16} />}
          >
            {t('contact.whatsapp')}
          </Menu.Item>
          <Menu.Item component="a" href={`mailto:${CONTACT_EMAIL}`} leftSection={<IconMail size={16} />}>
            {CONTACT_EMAIL}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Affix>
  );
}
