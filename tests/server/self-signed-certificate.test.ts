import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { certificateSerial, selfSignedCertificate } from '../../server/auth/sso/self-signed-certificate';

/**
 * The SAML SP keys and the tests' IdP certificates are written by our own DER writer: its serial
 * must be a positive, minimal DER INTEGER. Random bytes starting 0x00 or 0x80 followed by a byte
 * below 0x80 once gave `00 1x …`, which OpenSSL refuses ("illegal padding"): one certificate in
 * 256 could not be read back (it failed a CI run).
 */
describe('self-signed certificates', () => {
  it.each([0x00, 0x80])('reads back a certificate whose random serial starts with byte %i, then 0x10', (first) => {
    const certificate = selfSignedCertificate('Serial edge', 365, Buffer.from([first, 0x10, 1, 2, 3, 4, 5, 6]));
    const read = new X509Certificate(certificate.pem);
    expect(read.subject).toBe('CN=Serial edge');
    expect(read.serialNumber.toLowerCase()).toBe('0110010203040506');
  });

  it('keeps every serial positive and minimal, whatever its first byte', () => {
    for (let first = 0; first < 256; first += 1) {
      const serial = certificateSerial(Buffer.from([first, 0x00, 7]));
      expect(serial[0], `first byte ${first}`).toBeGreaterThan(0);
      expect(serial[0], `first byte ${first}`).toBeLessThan(0x80);
    }
  });
});
