import { LegalDocument } from '../components/LegalDocument';

/** /security: data security. */
export function SecurityPage() {
  return <LegalDocument doc="security" />;
}
