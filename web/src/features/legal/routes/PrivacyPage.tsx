import { LegalDocument } from '../components/LegalDocument';

/** /privacy: the user agreement. */
export function PrivacyPage() {
  return <LegalDocument doc="privacy" />;
}
