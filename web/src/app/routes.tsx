/**
 * Every route of product spec part 2 exists twice: Turkish without prefix and English under /us.
 * Every page is lazy-loaded (chunk-load failures reload the page, see lib/lazy.ts), with the texts of
 * its feature (their own chunk, downloaded alongside: app/i18n.ts).
 */
import { Route, Routes } from 'react-router';
import { lazyNamed } from '../lib/lazy';
import { withTexts } from './i18n';
import { EN_PREFIX } from '../lib/locale';
import { GuestOnly, RequireAdmin, RequireAuth } from './guards';
import { DefaultLayout } from './layouts/DefaultLayout';
import { IndexLayout } from './layouts/IndexLayout';
import { PublicLayout } from './layouts/PublicLayout';
import { LocaleRoot } from './locale';

/** A lazy page: the module's export `name`, and the feature namespaces its texts come from. */
function page<M, K extends keyof M>(factory: () => Promise<M>, name: K, ...namespaces: string[]) {
  return lazyNamed<M, K>(withTexts(factory, ...namespaces), name);
}

const LandingPage = page(() => import('../features/landing/routes/LandingPage'), 'LandingPage', 'landing');
const GenericPage = page(() => import('../features/landing/routes/GenericPage'), 'GenericPage', 'landing');
const PrivacyPage = page(() => import('../features/legal/routes/PrivacyPage'), 'PrivacyPage', 'legal');
const SecurityPage = page(() => import('../features/legal/routes/SecurityPage'), 'SecurityPage', 'legal');
const LoginPage = page(() => import('../features/auth/routes/LoginPage'), 'LoginPage', 'auth');
const RegisterPage = page(() => import('../features/auth/routes/RegisterPage'), 'RegisterPage', 'auth');
const ForgotPasswordPage = page(
  () => import('../features/auth/routes/ForgotPasswordPage'),
  'ForgotPasswordPage',
  'auth',
);
const ResetPasswordPage = page(
  () => import('../features/auth/routes/ResetPasswordPage'),
  'ResetPasswordPage',
  'auth',
);
const VerificationPage = page(
  () => import('../features/auth/routes/VerificationPage'),
  'VerificationPage',
  'auth',
);
const LogoutPage = page(() => import('../features/auth/routes/LogoutPage'), 'LogoutPage');
const AccountPage = page(
  () => import('../features/account/routes/AccountPage'),
  'AccountPage',
  'account',
  'alerts',
);
const DashboardPage = page(
  () => import('../features/dashboard/routes/DashboardPage'),
  'DashboardPage',
  'dashboard',
);
const TrackersPage = page(
  () => import('../features/trackers/routes/TrackersPage'),
  'TrackersPage',
  'trackers',
);
const TrackerPage = page(() => import('../features/trackers/routes/TrackerPage'), 'TrackerPage', 'trackers');
const PaymentPage = page(() => import('../features/payment/routes/PaymentPage'), 'PaymentPage', 'payment');
const PaymentSectionPage = page(
  () => import('../features/payment/routes/PaymentSectionPage'),
  'PaymentSectionPage',
  'payment',
);
const AdminPage = page(() => import('../features/admin/routes/AdminPage'), 'AdminPage', 'admin');
const NotFoundPage = page(() => import('../features/errors/routes/NotFoundPage'), 'NotFoundPage', 'errors');
const SomethingWentWrongPage = page(
  () => import('../features/errors/routes/SomethingWentWrongPage'),
  'SomethingWentWrongPage',
  'errors',
);

/** The route tree of one locale; `base` is '/' (Turkish) or '/us' (English). */
function localeTree(base: string) {
  return (
    <Route key={base} path={base} element={<LocaleRoot />}>
      <Route element={<IndexLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="page" element={<GenericPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="security" element={<SecurityPage />} />
        <Route element={<RequireAuth />}>
          <Route path="account" element={<AccountPage />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="trackers" element={<TrackersPage />} />
          <Route path="trackers/:id" element={<TrackerPage />} />
          <Route path="payment" element={<PaymentPage />}>
            <Route path="addCard" element={<PaymentSectionPage section="addCard" />} />
            <Route path="addCard/success" element={<PaymentSectionPage section="addCardSuccess" />} />
            <Route path="addPlan" element={<PaymentSectionPage section="addPlan" />} />
            <Route path="addPlan/success" element={<PaymentSectionPage section="addPlanSuccess" />} />
            <Route path="deleteCard" element={<PaymentSectionPage section="deleteCard" />} />
            <Route path="deletePlan" element={<PaymentSectionPage section="deletePlan" />} />
            <Route path="deletePlan/success" element={<PaymentSectionPage section="deletePlanSuccess" />} />
            <Route path=":invoice" element={<PaymentSectionPage section="invoice" />} />
          </Route>
        </Route>
        <Route path="admin" element={<RequireAdmin />}>
          <Route index element={<AdminPage section="users" />} />
          <Route path="delete-user" element={<AdminPage section="deleteUser" />} />
          <Route path="get-user-info" element={<AdminPage section="userInfo" />} />
          <Route path="modal" element={<AdminPage section="modal" />} />
          <Route path="promotions" element={<AdminPage section="promotions" />} />
          <Route path="search-urls" element={<AdminPage section="searchUrls" />} />
          <Route path="invoices" element={<AdminPage section="invoices" />} />
          <Route path="system-parameters" element={<AdminPage section="systemParameters" />} />
          <Route path="user/:email?" element={<AdminPage section="user" />} />
          <Route path="user/:invoice/:id" element={<AdminPage section="userInvoice" />} />
        </Route>
      </Route>
      <Route path="auth" element={<PublicLayout />}>
        <Route element={<GuestOnly />}>
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="forgotpassword" element={<ForgotPasswordPage />} />
          <Route path="resetpassword" element={<ResetPasswordPage />} />
          <Route path=":verificationtype" element={<VerificationPage />} />
        </Route>
      </Route>
      <Route element={<DefaultLayout />}>
        <Route path="logout" element={<LogoutPage />} />
        <Route path="errors/notfound" element={<NotFoundPage />} />
        <Route path="errors/something-went-wrong" element={<SomethingWentWrongPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Route>
  );
}

export function AppRoutes() {
  return <Routes>{['/', EN_PREFIX].map(localeTree)}</Routes>;
}
