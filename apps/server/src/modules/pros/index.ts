/**
 * What other modules may use of the professionals' capability: its factory (app.ts) and the writer of a
 * new professional (admin's approval enrols an applicant through it).
 */
export { createProsModule, type ProsModule } from './pros.module';
export { ProfessionalEnrolment, type NewProfessional } from './enrolment.repository';
