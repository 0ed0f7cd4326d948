import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../app/layouts/PageShell';
import { useLocale } from '../../../app/locale';

/** The day the legal texts last changed (both languages): written as the page's language writes a date. */
export const LEGAL_UPDATED = '2026-11-28';
const LONG_DAY = { tr: 'tr', en: 'en-GB' } as const;

interface LegalSection {
  title: string;
  body: string;
}

/** Renders one legal text (`privacy` or `security`) of the legal namespace. */
export function LegalDocument({ doc }: { doc: 'privacy' | 'security' }) {
  const { t } = useTranslation('legal');
  const locale = useLocale();
  const updated = new Intl.DateTimeFormat(LONG_DAY[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(LEGAL_UPDATED),
  );
  const sections = t(`${doc}.sections`, { returnObjects: true }) as LegalSection[];
  return (
    <PageShell title={t(`${doc}.title`)} description={t('updated', { date: updated })} size="md">
      <Stack gap="lg" data-testid={`legal-${doc}`}>
        <Text>{t(`${doc}.intro`)}</Text>
        {Array.isArray(sections) &&
          sections.map((s) => (
            <section key={s.title}>
              <Title order={2} size="h4" mb={6}>
                {s.title}
              </Title>
              <Text>{s.body}</Text>
            </section>
          ))}
      </Stack>
    </PageShell>
  );
}
