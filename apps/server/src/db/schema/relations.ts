/** Drizzle relations, for db.query (better-auth's joins and repositories that prefer them). */
import { relations } from 'drizzle-orm';
import { accounts, sessions, users } from './auth';
import { bookingPriceLines, bookings } from './bookings';
import { categories, serviceAddOns, serviceTypePricesByRegion, serviceTypes } from './catalog';
import { boroughs, cities } from './geo';
import { conversations, messages } from './messaging';
import { ledgerEntries, payments, payouts } from './payments';
import {
  professionalApplications,
  professionalAvailability,
  professionalBoroughs,
  professionalServices,
  professionals,
} from './professionals';
import { adminRoles, profiles } from './profiles';
import { reviews } from './reviews';

export const usersRelations = relations(users, ({ one, many }) => ({
  sessions: many(sessions),
  accounts: many(accounts),
  profile: one(profiles, { fields: [users.id], references: [profiles.id] }),
  professional: one(professionals, { fields: [users.id], references: [professionals.userId] }),
  adminRoles: many(adminRoles),
  applications: many(professionalApplications),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

export const profilesRelations = relations(profiles, ({ one }) => ({
  user: one(users, { fields: [profiles.id], references: [users.id] }),
}));

export const adminRolesRelations = relations(adminRoles, ({ one }) => ({
  user: one(users, { fields: [adminRoles.userId], references: [users.id] }),
}));

export const categoriesRelations = relations(categories, ({ many }) => ({
  serviceTypes: many(serviceTypes),
}));

export const serviceTypesRelations = relations(serviceTypes, ({ one, many }) => ({
  categoryInfo: one(categories, { fields: [serviceTypes.category], references: [categories.slug] }),
  addOns: many(serviceAddOns),
  regionPrices: many(serviceTypePricesByRegion),
  professionals: many(professionalServices),
}));

export const serviceAddOnsRelations = relations(serviceAddOns, ({ one }) => ({
  serviceType: one(serviceTypes, { fields: [serviceAddOns.serviceTypeId], references: [serviceTypes.id] }),
}));

export const serviceTypePricesByRegionRelations = relations(serviceTypePricesByRegion, ({ one }) => ({
  serviceType: one(serviceTypes, {
    fields: [serviceTypePricesByRegion.serviceTypeId],
    references: [serviceTypes.id],
  }),
  city: one(cities, { fields: [serviceTypePricesByRegion.cityId], references: [cities.id] }),
}));

export const citiesRelations = relations(cities, ({ many }) => ({
  boroughs: many(boroughs),
  professionals: many(professionals),
}));

export const boroughsRelations = relations(boroughs, ({ one }) => ({
  city: one(cities, { fields: [boroughs.cityId], references: [cities.id] }),
}));

export const professionalsRelations = relations(professionals, ({ one, many }) => ({
  user: one(users, { fields: [professionals.userId], references: [users.id] }),
  city: one(cities, { fields: [professionals.cityId], references: [cities.id] }),
  services: many(professionalServices),
  boroughs: many(professionalBoroughs),
  availability: many(professionalAvailability),
  bookings: many(bookings),
  reviews: many(reviews),
  payouts: many(payouts),
}));

export const professionalServicesRelations = relations(professionalServices, ({ one }) => ({
  professional: one(professionals, {
    fields: [professionalServices.professionalId],
    references: [professionals.id],
  }),
  serviceType: one(serviceTypes, { fields: [professionalServices.serviceTypeId], references: [serviceTypes.id] }),
}));

export const professionalBoroughsRelations = relations(professionalBoroughs, ({ one }) => ({
  professional: one(professionals, {
    fields: [professionalBoroughs.professionalId],
    references: [professionals.id],
  }),
  borough: one(boroughs, { fields: [professionalBoroughs.boroughId], references: [boroughs.id] }),
}));

export const professionalAvailabilityRelations = relations(professionalAvailability, ({ one }) => ({
  professional: one(professionals, {
    fields: [professionalAvailability.professionalId],
    references: [professionals.id],
  }),
}));

export const professionalApplicationsRelations = relations(professionalApplications, ({ one }) => ({
  user: one(users, { fields: [professionalApplications.userId], references: [users.id] }),
  city: one(cities, { fields: [professionalApplications.cityId], references: [cities.id] }),
  service: one(serviceTypes, { fields: [professionalApplications.serviceId], references: [serviceTypes.id] }),
}));

export const bookingsRelations = relations(bookings, ({ one, many }) => ({
  customer: one(users, { fields: [bookings.userId], references: [users.id] }),
  professional: one(professionals, { fields: [bookings.professionalId], references: [professionals.id] }),
  serviceType: one(serviceTypes, { fields: [bookings.serviceTypeId], references: [serviceTypes.id] }),
  city: one(cities, { fields: [bookings.cityId], references: [cities.id] }),
  borough: one(boroughs, { fields: [bookings.boroughId], references: [boroughs.id] }),
  priceLines: many(bookingPriceLines),
  payments: many(payments),
  ledgerEntries: many(ledgerEntries),
  review: one(reviews, { fields: [bookings.id], references: [reviews.bookingId] }),
  conversation: one(conversations, { fields: [bookings.id], references: [conversations.bookingId] }),
}));

export const bookingPriceLinesRelations = relations(bookingPriceLines, ({ one }) => ({
  booking: one(bookings, { fields: [bookingPriceLines.bookingId], references: [bookings.id] }),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  booking: one(bookings, { fields: [payments.bookingId], references: [bookings.id] }),
}));

export const ledgerEntriesRelations = relations(ledgerEntries, ({ one }) => ({
  booking: one(bookings, { fields: [ledgerEntries.bookingId], references: [bookings.id] }),
}));

export const payoutsRelations = relations(payouts, ({ one }) => ({
  professional: one(professionals, { fields: [payouts.professionalId], references: [professionals.id] }),
}));

export const conversationsRelations = relations(conversations, ({ one, many }) => ({
  booking: one(bookings, { fields: [conversations.bookingId], references: [bookings.id] }),
  customer: one(users, { fields: [conversations.customerId], references: [users.id] }),
  professional: one(professionals, { fields: [conversations.professionalId], references: [professionals.id] }),
  messages: many(messages),
}));

export const messagesRelations = relations(messages, ({ one }) => ({
  conversation: one(conversations, { fields: [messages.conversationId], references: [conversations.id] }),
  sender: one(users, { fields: [messages.senderId], references: [users.id] }),
}));

export const reviewsRelations = relations(reviews, ({ one }) => ({
  booking: one(bookings, { fields: [reviews.bookingId], references: [bookings.id] }),
  author: one(users, { fields: [reviews.userId], references: [users.id] }),
  professional: one(professionals, { fields: [reviews.professionalId], references: [professionals.id] }),
}));
