/**
 * Every route of product spec part 2 exists twice: Turkish without prefix and English under /us.
 * Every page is lazy-loaded (chunk-load failures reload the page, see lib/lazy.ts).
 */
import { Route, Routes } from 'react-router';
import { lazyNamed } from '../lib/lazy';
import { EN_PREFIX } from '../lib/locale';
import { GuestOnly, RequireAdmin, RequireAuth } from './guards';
import { DefaultLayout } from './layouts/DefaultLayout';
import { IndexLayout } from './layouts/IndexLayout';
import { PublicLayout } from './layouts/PublicLayout';
import { LocaleRoot } from './locale';

const LandingPage = lazyNamed(() => import('../features/landing/routes/LandingPage'), 'LandingPage');
const GenericPage = lazyNamed(() => import('../features/landing/routes/GenericPage'), 'GenericPage');
const PrivacyPage = lazyNamed(() => import('../features/legal/routes/PrivacyPage'), 'PrivacyPage');
const SecurityPage = lazyNamed(() => import('../features/legal/routes/SecurityPage'), 'SecurityPage');
const LoginPage = lazyNamed(() => import('../features/auth/routes/LoginPage'), 'LoginPage');
const RegisterPage = lazyNamed(() => import('../features/auth/routes/RegisterPage'), 'RegisterPage');
const ForgotPasswordPage = lazyNamed(
  () => import('../features/auth/routes/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyNamed(
  () => import('../features/auth/routes/ResetPasswordPage'),
  'ResetPasswordPage',
);
const VerificationPage = lazyNamed(
  () => import('../features/auth/routes/VerificationPage'),
  'VerificationPage',
);
const LogoutPage = lazyNamed(() => import('../features/auth/routes/LogoutPage'), 'LogoutPage');
const AccountPage = lazyNamed(() => import('../features/account/routes/AccountPage'), 'AccountPage');
const DashboardPage = lazyNamed(() => import('../features/dashboard/routes/DashboardPage'), 'DashboardPage');
const TrackersPage = lazyNamed(() => import('../features/trackers/routes/TrackersPage'), 'TrackersPage');
const TrackerPage = lazyNamed(() => import('../features/trackers/routes/TrackerPage'), 'TrackerPage');
const PaymentPage = lazyNamed(() => import('../features/payment/routes/PaymentPage'), 'PaymentPage');
const PaymentSectionPage = lazyNamed(
  () => import('../features/payment/routes/PaymentSectionPage'),
  'PaymentSectionPage',
);
const AdminPage = lazyNamed(() => import('../features/admin/routes/AdminPage'), 'AdminPage');
const NotFoundPage = lazyNamed(() => import('../features/errors/routes/NotFoundPage'), 'NotFoundPage');
const SomethingWentWrongPage = lazyNamed(
  () => import('../features/errors/routes/SomethingWentWrongPage'),
  'SomethingWentWrongPage',
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
