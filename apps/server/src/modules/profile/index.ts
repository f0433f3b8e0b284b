/** What other modules may use of the profile: its factory (app.ts). */
export { createProfileModule } from './profile.module';
