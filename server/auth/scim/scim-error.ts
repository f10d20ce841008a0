/** The SCIM error message schema (RFC 7644 §3.12). */
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** The `scimType` values Ringi answers (RFC 7644 table 9). */
export type ScimType = 'invalidFilter' | 'uniqueness' | 'mutability' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'invalidValue' | 'tooMany';

/**
 * An expected SCIM failure: the SCIM plugin answers it as `{schemas: [Error], status, scimType?,
 * detail}` with `application/scim+json`. `detail` is English: it is read in the IdP's
 * provisioning log (Entra ID, Okta), not on a Ringi screen.
 */
export class ScimError extends Error {
  constructor(readonly status: number, readonly detail: string, readonly scimType?: ScimType) {
    super(detail);
    this.name = 'ScimError';
  }

  /** The wire body. */
  body(): Record<string, unknown> {
    return { schemas: [SCIM_ERROR_SCHEMA], status: String(this.status), ...(this.scimType ? { scimType: this.scimType } : {}), detail: this.detail };
  }
}

export const scimBadRequest = (detail: string, scimType: ScimType = 'invalidValue') => new ScimError(400, detail, scimType);
export const scimNotFound = (detail: string) => new ScimError(404, detail);
