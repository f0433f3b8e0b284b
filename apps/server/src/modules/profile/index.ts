/** What other modules may use of the profile: its factory (app.ts). */
export { createProfileModule, type ProfileModule } from './profile.module';
// Per-channel notification choices: the store (app.ts builds it once for AppContext), the SQL test other statements embed, where SMS go.
export { channelAllowedSql, NotificationPreferencesStore, smsNumberOf, type WhatsAppConsent } from './notification-preferences.repository';
