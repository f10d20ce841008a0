import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A self-signed X.509 certificate around a fresh RSA key, with no dependency: a minimal DER writer
 * (SEQUENCE, INTEGER, OID, UTF8String, UTCTime, BIT STRING) builds the TBSCertificate and node's
 * crypto signs it (sha256WithRSAEncryption). Node's X509Certificate reads it back. Ringi's SAML SP
 * keys use it (an IdP needs only the certificate's public key; nobody has to trust its issuer),
 * and the tests make their IdPs' certificates with it.
 */
function der(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const length = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
}
const seq = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));
const oid = (bytes: number[]) => der(0x06, Buffer.from(bytes));
/** UTCTime until 2049, GeneralizedTime after (RFC 5280 §4.1.2.5). */
const time = (date: Date) => (date.getUTCFullYear() < 2050
  ? der(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`))
  : der(0x18, Buffer.from(`${date.toISOString().slice(0, 19).replace(/[-T:]/g, '')}Z`)));
const SHA256_RSA = seq(oid([0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b]), Buffer.from([0x05, 0x00]));
const name = (cn: string) => seq(der(0x31, seq(oid([0x55, 0x04, 0x03]), der(0x0c, Buffer.from(cn)))));

export interface SelfSignedCertificate {
  privateKey: KeyObject;
  privateKeyPem: string;
  /** PEM of the certificate. */
  pem: string;
  /** Base64 DER (what metadata's X509Certificate holds). */
  body: string;
}

/**
 * A certificate serial from random bytes as a DER INTEGER's content: positive (high bit clear) and
 * minimal (first byte never 0, which DER forbids before a byte below 0x80 — OpenSSL refuses such a
 * certificate with "illegal padding": one random serial in 256 did).
 */
export function certificateSerial(random: Buffer): Buffer {
  const serial = Buffer.from(random);
  serial[0] = (serial[0] & 0x7f) || 0x01;
  return serial;
}

/**
 * A new RSA-2048 key and its certificate for `commonName`, valid from a day ago for `days` days.
 * `random` gives the serial's bytes (8 random ones by default).
 */
export function selfSignedCertificate(commonName: string, days = 365, random: Buffer = randomBytes(8)): SelfSignedCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serial = certificateSerial(random);
  const now = Date.now();
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    SHA256_RSA,
    name(commonName),
    seq(time(new Date(now - 86_400_000)), time(new Date(now + days * 86_400_000))),
    name(commonName),
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  const cert = seq(tbs, SHA256_RSA, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const body = cert.toString('base64');
  return {
    privateKey, privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), body,
    pem: `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`,
  };
}
