/** The tests' IdP certificates are made like Ringi's SP certificates (server/auth/sso/self-signed-certificate.ts). */
export { selfSignedCertificate, type SelfSignedCertificate as TestCertificate } from '../../server/auth/sso/self-signed-certificate';
