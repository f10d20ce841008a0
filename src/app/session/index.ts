export { SessionProvider, type SessionProviderProps } from './SessionProvider';
export { useSession, SessionContext, type Session, type SessionStatus } from './session-context';
export { readProfile, initialsOf, ROLES_ERROR, type Profile, type ProfileCompany } from './profile';
