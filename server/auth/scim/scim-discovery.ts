import { GROUP } from './scim-groups';
import { CORE_USER, ENTERPRISE_USER } from './scim-user';
import { MAX_FILTER_LENGTH } from './scim-filter';

/**
 * The discovery resources of `/scim/v2` (RFC 7644 §4, RFC 7643 §5–7): what Ringi supports, so an
 * IdP's connection test and schema discovery (Okta reads them, Entra ID may) see the truth —
 * PATCH yes; bulk, sort, change passwords and ETags no; filter yes, `eq` and `and` only.
 */

export const LIST_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
/** The most resources one list answers (`count` above it is lowered). */
export const MAX_COUNT = 200;

export function serviceProviderConfig(base: string, docsUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: docsUrl,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_COUNT },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [{
      type: 'oauthbearertoken', name: 'Bearer token', primary: true,
      description: `A company's SCIM token (Admin → SCIM tokens); filters: attribute eq "value" joined by and, at most ${MAX_FILTER_LENGTH} characters`,
    }],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

const attr = (name: string, extra: Record<string, unknown> = {}) => ({
  name, type: 'string', multiValued: false, required: false, caseExact: false, mutability: 'readWrite', returned: 'default', uniqueness: 'none', ...extra,
});

const SCHEMAS = [
  {
    id: CORE_USER, name: 'User', description: 'A person of the company (users)',
    attributes: [
      attr('userName', { required: true, uniqueness: 'server', description: 'The sign-in e-mail address' }),
      attr('externalId', { caseExact: true }),
      attr('displayName', { description: 'The name Ringi shows' }),
      { ...attr('name', { type: 'complex' }), subAttributes: [attr('givenName'), attr('familyName'), attr('formatted')] },
      attr('active', { type: 'boolean', description: 'false deactivates (never erases); true restores sign-in' }),
      { ...attr('emails', { type: 'complex', multiValued: true }), subAttributes: [attr('value'), attr('type'), attr('primary', { type: 'boolean' })] },
      attr('preferredLanguage', { description: 'ja, en or zh (mails)' }),
      { ...attr('groups', { type: 'complex', multiValued: true, mutability: 'readOnly' }), subAttributes: [attr('value', { mutability: 'readOnly' }), attr('display', { mutability: 'readOnly' })] },
    ],
  },
  {
    id: ENTERPRISE_USER, name: 'EnterpriseUser', description: 'Enterprise User',
    attributes: [
      attr('department', { description: 'A department name of the company (its Group)' }),
      { ...attr('manager', { type: 'complex' }), subAttributes: [attr('value', { description: 'The manager\'s id' }), attr('displayName', { mutability: 'readOnly' })] },
    ],
  },
  {
    id: GROUP, name: 'Group', description: 'A department of the company',
    attributes: [
      attr('displayName', { required: true, mutability: 'readOnly', description: 'Renamed in the company form only' }),
      { ...attr('members', { type: 'complex', multiValued: true }), subAttributes: [attr('value'), attr('display', { mutability: 'readOnly' })] },
    ],
  },
];

export function schemas(base: string) {
  return SCHEMAS.map((schema) => ({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'], ...schema, meta: { resourceType: 'Schema', location: `${base}/Schemas/${schema.id}` } }));
}

export function resourceTypes(base: string) {
  return [
    { schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'], id: 'User', name: 'User', endpoint: '/Users', schema: CORE_USER,
      schemaExtensions: [{ schema: ENTERPRISE_USER, required: false }], meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` } },
    { schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'], id: 'Group', name: 'Group', endpoint: '/Groups', schema: GROUP,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` } },
  ];
}

/** A ListResponse of `resources` (RFC 7644 §3.4.2). */
export function listResponse(resources: unknown[], total: number, startIndex: number) {
  return { schemas: [LIST_RESPONSE], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources };
}
