import {
  Accordion,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconCheck,
  IconFilter,
  IconMail,
  IconSearch,
  IconStack2,
  IconTargetArrow,
  IconTelescope,
  IconAdjustmentsHorizontal,
} from '@tabler/icons-react';
import { marketCodesFor, SOLD_MARKET_CODES, SOLD_MARKETS } from '@shelfscan/markets';
import { useTranslation } from 'react-i18next';
import { CONTACT_EMAIL, whatsappLink } from '../../../app/contact';
import { LocaleLink, useLocalePath } from '../../../app/locale';
import { useSession } from '../../../app/useSession';
import { useMarketNames } from '../../../lib/useMarketNames';
import { Section } from '../components/Section';

interface Item {
  title: string;
  text: string;
}
interface ScanType {
  name: string;
  text: string;
}
interface Faq {
  q: string;
  a: string;
}

const USED_FOR_ICONS = [IconTargetArrow, IconSearch, IconFilter];
const SCAN_ICONS = [IconStack2, IconTelescope, IconAdjustmentsHorizontal];

export function LandingPage() {
  const { t } = useTranslation('landing');
  const { loggedIn } = useSession();
  const names = useMarketNames();
  const localePath = useLocalePath();
  // The market lists the texts name ({{markets}}, {{deep}}, {{functional}}), from the market table.
  const markets = {
    markets: names.list(SOLD_MARKET_CODES),
    deep: names.list(marketCodesFor('deep')),
    functional: names.list(marketCodesFor('functional')),
  };
  const list = <T,>(key: string) => {
    const value = t(key, { returnObjects: true, ...markets });
    return (Array.isArray(value) ? value : []) as T[];
  };

  return (
    <>
      <Box
        py={88}
        style={{
          background: 'linear-gradient(135deg, var(--mantine-color-blue-0), var(--mantine-color-cyan-0))',
        }}
      >
        <Container size="md">
          <Stack align="center" ta="center" gap="lg">
            <Title order={1} fz={{ base: 32, sm: 44 }} data-testid="landing-title">
              {t('hero.title')}
            </Title>
            <Text size="lg" c="dimmed" maw={680}>
              {t('hero.subtitle')}
            </Text>
            <Group>
              {loggedIn ? (
                <Button size="md" component={LocaleLink} to="/dashboard">
                  {t('hero.ctaDashboard')}
                </Button>
              ) : (
                <Button size="md" component={LocaleLink} to="/auth/register">
                  {t('hero.ctaRegister')}
                </Button>
              )}
              <Button size="md" variant="default" component="a" href={`${localePath('/')}#used-for`}>
                {t('hero.ctaLearn')}
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Section id="used-for" title={t('usedFor.title')} intro={t('usedFor.intro')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {list<Item>('usedFor.items').map((item, i) => {
            const Icon = USED_FOR_ICONS[i % USED_FOR_ICONS.length];
            return (
              <Card key={item.title} withBorder padding="lg">
                <ThemeIcon size={40} variant="light" mb="sm">
                  <Icon size={22} />
                </ThemeIcon>
                <Text fw={600} mb={4}>
                  {item.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {item.text}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
      </Section>

      <Section id="services" title={t('services.title')} intro={t('services.intro')} muted>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" mb="xl">
          {list<ScanType>('services.types').map((type, i) => {
            const Icon = SCAN_ICONS[i % SCAN_ICONS.length];
            return (
              <Card key={type.name} withBorder padding="lg">
                <Group gap="sm" mb="xs">
                  <ThemeIcon variant="light">
                    <Icon size={18} />
                  </ThemeIcon>
                  <Text fw={600}>{type.name}</Text>
                </Group>
                <Text size="sm" c="dimmed">
                  {type.text}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
        <Card withBorder padding="lg" maw={640} mx="auto">
          <Text fw={600} mb="sm">
            {t('services.limitsTitle')}
          </Text>
          <List
            spacing="xs"
            icon={
              <ThemeIcon size={20} radius="xl" color="teal">
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {list<string>('services.limits').map((limit) => (
              <List.Item key={limit}>{limit}</List.Item>
            ))}
          </List>
        </Card>
      </Section>

      <Section id="markets" title={t('markets.title')} intro={t('markets.intro')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {SOLD_MARKETS.map((m) => (
            <Card key={m.code} withBorder padding="md" data-testid={`market-${m.code}`}>
              <Text fw={600} mb="xs">
                {names.name(m.code)}
              </Text>
              <Group gap={6}>
                <Badge variant="light">{t('markets.standard')}</Badge>
                {m.deep && (
                  <Badge variant="light" color="grape">
                    {t('markets.deep')}
                  </Badge>
                )}
                {m.functional && (
                  <Badge variant="light" color="orange">
                    {t('markets.functional')}
                  </Badge>
                )}
              </Group>
            </Card>
          ))}
        </SimpleGrid>
        <Text size="sm" c="dimmed" ta="center" mt="md">
          {t('markets.note', markets)}
        </Text>
      </Section>

      <Section id="fee" title={t('fee.title')} muted>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" maw={860} mx="auto">
          <Card withBorder padding="xl">
            <Group align="baseline" gap={6} mb="md">
              <Text fz={40} fw={800} data-testid="fee-price">
                {t('fee.price')}
              </Text>
              <Text c="dimmed">{t('fee.period')}</Text>
            </Group>
            <List spacing="xs" icon={<IconCheck size={16} color="var(--mantine-color-teal-6)" />}>
              {list<string>('fee.points').map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Card>
          <Card withBorder padding="xl">
            <Text fw={700} size="lg" mb="sm">
              {t('fee.trialTitle')}
            </Text>
            <Text c="dimmed" mb="lg">
              {t('fee.trialText')}
            </Text>
            {!loggedIn && (
              <Button component={LocaleLink} to="/auth/register" variant="light">
                {t('hero.ctaRegister')}
              </Button>
            )}
          </Card>
        </SimpleGrid>
      </Section>

      <Section id="about" title={t('about.title')}>
        <Text maw={760} mx="auto" ta="center" size="lg">
          {t('about.text')}
        </Text>
      </Section>

      <Section id="faq" title={t('faq.title')} muted>
        <Accordion variant="separated" maw={820} mx="auto" data-testid="faq">
          {list<Faq>('faq.items').map((item, i) => (
            <Accordion.Item key={item.q} value={`faq-${i}`}>
              <Accordion.Control>{item.q}</Accordion.Control>
              <Accordion.Panel>{item.a}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Section>

      <Section id="contact" title={t('contact.title')} intro={t('contact.text')}>
        <Group justify="center">
          <Button
            component="a"
            href={whatsappLink(t('contact.whatsappText'))}
            target="_blank"
            rel="noopener noreferrer"
            color="green"
            leftSection={<IconBrandWhatsapp size={18} />}
            data-testid="contact-whatsapp"
          >
            {t('contact.whatsapp')}
          </Button>
          <Button
            component="a"
            href={`mailto:${CONTACT_EMAIL}`}
            variant="default"
            leftSection={<IconMail size={18} />}
            data-testid="contact-email"
          >
            {CONTACT_EMAIL}
          </Button>
        </Group>
      </Section>
    </>
  );
}
