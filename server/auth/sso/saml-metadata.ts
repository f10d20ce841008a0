/** What Ringi reads from a SAML IdP's metadata: its entity ID, sign-in URL and signing certificates. */
export interface IdpMetadata {
  entityId: string | null;
  ssoUrl: string | null;
  certificates: string[];
}

const BINDING_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** The attributes of an XML start tag's text. */
function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g)) out[m[1].replace(/^.*:/, '')] = m[2];
  return out;
}

/**
 * Reads an IdP's metadata XML (an `EntityDescriptor`) without evaluating it: the `entityID`, the
 * HTTP-Redirect `SingleSignOnService` location (else the first one) and the base64 certificates of
 * the `KeyDescriptor`s that sign (or have no `use`). A plain reading of the text (no DTD, no
 * entities, no external references), so hostile metadata cannot make the server fetch anything.
 */
export function parseIdpMetadata(xml: string): IdpMetadata {
  const entity = /<(?:\w+:)?EntityDescriptor\b([^>]*)>/.exec(xml);
  const entityId = entity ? attributes(entity[1]).entityID ?? null : null;
  const services = [...xml.matchAll(/<(?:\w+:)?SingleSignOnService\b([^>]*)\/?>/g)].map((m) => attributes(m[1]));
  const sso = services.find((s) => s.Binding === BINDING_REDIRECT) ?? services[0];
  const certificates: string[] = [];
  for (const m of xml.matchAll(/<(?:\w+:)?KeyDescriptor\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?KeyDescriptor>/g)) {
    const use = attributes(m[1]).use;
    if (use && use !== 'signing') continue;
    const cert = /<(?:\w+:)?X509Certificate>([\s\S]*?)<\/(?:\w+:)?X509Certificate>/.exec(m[2]);
    if (cert) certificates.push(cert[1].replace(/\s+/g, ''));
  }
  return { entityId, ssoUrl: sso?.Location ?? null, certificates: [...new Set(certificates)] };
}

/** A certificate as pasted (PEM or bare base64) reduced to its base64 DER body; null when empty. */
export function certificateBody(text: string | null | undefined): string | null {
  const body = (text ?? '').replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  return body || null;
}
