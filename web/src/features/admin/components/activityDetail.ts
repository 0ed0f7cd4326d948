import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale';
import { formatDay, formatMonth } from '../../../lib/date';
import { formatMinor } from '../../../lib/money';
import type { Activity } from '../model';

/**
 * A line of a user's activity in the page's language, from the facts the admin service gives by name
 * (codes, ids, Istanbul days, months, kuruş); its English `summary` only for a type this page does not
 * word yet.
 */
export function useActivityDetail(): (entry: Activity) => string {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return ({ type, facts, summary }) => {
    const f = (key: string) => facts[key] ?? '';
    const by = f('by') && t('activity.details.by', { who: f('by') });
    const day = (key: string) => formatDay(f(key), locale);
    const lira = () => (f('tryKurus') ? formatMinor(Number(f('tryKurus')), 'TRY', locale) : '');
    const scan = f('scan') && t('activity.details.scan', { id: f('scan') });
    const features = () =>
      f('features')
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean)
        .map((code) => t(`features.${code}`, { defaultValue: code }))
        .join(' + ');
    const period = () => f('from') && t('activity.details.period', { from: day('from'), to: day('to') });
    const parts = (() => {
      switch (type) {
        case 'registered':
          return [f('name'), f('lang') && t('activity.details.lang', { lang: f('lang') })];
        case 'profileChanged':
          return [f('name')];
        case 'deactivated':
        case 'reactivated':
        case 'deleted':
          return [by];
        case 'planActivated':
        case 'trialStarted':
          return [features(), period()];
        case 'planGranted':
          return [features(), period(), by && `${by}: ${f('reason')}`];
        case 'planCancelled':
          return [f('until') && t('activity.details.until', { day: day('until') })];
        case 'planExpired':
          return [t(`activity.details.expired.${f('reason')}`, { defaultValue: f('reason') })];
        case 'invoiceFinalized':
          return [
            f('number') && `#${f('number')}`,
            formatMonth(f('period'), locale),
            lira(),
            f('conversationId') && t('activity.details.billingNo', { id: f('conversationId') }),
          ];
        case 'invoiceRefunded':
          return [
            t(`invoice.refundKinds.${f('kind')}`, { defaultValue: f('kind') }),
            lira(),
            f('reason'),
            by,
          ];
        case 'scanRequested':
          return [
            scan,
            f('searchType') && t(`types.${f('searchType')}`, { defaultValue: f('searchType') }),
            f('market'),
            f('sellerId'),
            f('fileName'),
          ];
        case 'scanStarted':
          return [scan, t('activity.details.attempt', { n: f('attempt') || '1' })];
        case 'scanCompleted':
          return [
            scan,
            t('activity.details.asins', { count: Number(f('asins') || 0) }),
            t(`activity.details.outcomes.${f('outcome') || 'complete'}`, { defaultValue: f('outcome') }),
          ];
        case 'scanFailed':
          return [scan, t(`common:scanFailures.${f('code')}`, { defaultValue: f('reason') || f('code') })];
        case 'scanCancelled':
          return [scan, t('activity.details.asinsFound', { count: Number(f('asins') || 0) })];
        default:
          return [summary];
      }
    })();
    return parts.filter(Boolean).join(' · ');
  };
}
