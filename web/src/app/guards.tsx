import { Navigate, Outlet } from 'react-router';
import { useAppSelector } from './hooks';
import { guestOnly, requireAdmin, requireAuth, type GuardDecision } from './guardRules';
import { useLocale } from './locale';
import { selectSession, type SessionState } from './session';
import type { Locale } from '../lib/locale';

type Rule = (session: SessionState, locale: Locale) => GuardDecision;

function Guard({ rule }: { rule: Rule }) {
  const session = useAppSelector(selectSession);
  const locale = useLocale();
  const decision = rule(session, locale);
  return decision.allow ? <Outlet /> : <Navigate to={decision.redirectTo} replace />;
}

export const GuestOnly = () => <Guard rule={guestOnly} />;
export const RequireAuth = () => <Guard rule={requireAuth} />;
export const RequireAdmin = () => <Guard rule={requireAdmin} />;
