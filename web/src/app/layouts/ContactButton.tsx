import { Suspense, useState } from 'react';
import { ActionIcon, Affix, Loader, Menu, Modal } from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconMessageCircle, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../lib/lazy';
import { CONTACT_EMAIL, CONTACT_WHATSAPP, whatsappLink } from '../contact';
import { useContactInfoQuery } from '../contactApi';

// The form (and the validation rules it brings) loads when it is opened, not with every page.
const ContactForm = lazyNamed(() => import('./ContactForm'), 'ContactForm');

/**
 * The contact button (logged-in users only): a WhatsApp message to the number of the system
 * parameters, an e-mail, or the contact form. Floating at the bottom right; `inline` (small screens,
 * in the header) where a floating button would cover the cards.
 */
export function ContactButton({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation('common');
  const [formOpened, setFormOpened] = useState(false);
  const info = useContactInfoQuery();
  const whatsapp = info.data?.whatsapp || CONTACT_WHATSAPP;
  const email = info.data?.supportEmail || CONTACT_EMAIL;
  const menu = (
    <Menu position={inline ? 'bottom-end' : 'top-end'} withinPortal>
      <Menu.Target>
        <ActionIcon
          size={inline ? 36 : 52}
          radius="xl"
          variant={inline ? 'light' : 'filled'}
          aria-label={t('contact.open')}
          data-testid="contact-button"
        >
          <IconMessageCircle size={inline ? 20 : 26} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('contact.title')}</Menu.Label>
        <Menu.Item
          leftSection={<IconSend size={16} />}
          onClick={() => setFormOpened(true)}
          data-testid="contact-form-open"
        >
          {t('contact.form')}
        </Menu.Item>
        <Menu.Item
          component="a"
          href={whatsappLink(t('contact.whatsappText'), whatsapp)}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconBrandWhatsapp size={16} />}
          data-testid="contact-whatsapp"
        >
          {t('contact.whatsapp')}
        </Menu.Item>
        <Menu.Item component="a" href={`mailto:${email}`} leftSection={<IconMail size={16} />}>
          {email}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
  return (
    <>
      {inline ? menu : <Affix position={{ bottom: 24, right: 24 }}>{menu}</Affix>}
      <Modal opened={formOpened} onClose={() => setFormOpened(false)} title={t('contact.formTitle')}>
        {formOpened && (
          <Suspense fallback={<Loader size="sm" />}>
            <ContactForm onSent={() => setFormOpened(false)} />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
