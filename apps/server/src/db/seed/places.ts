/** Served cities (docs/README.md) and Casablanca's boroughs. */

export interface SeedCity {
  slug: string;
  name: string;
  nameFr: string;
  nameAr: string;
  region: string;
  /** Applied to base prices where no region price is set. */
  priceFactor: number;
  /** The city's area (issue 42): a booking's pin must fall within radiusKm of the centre. */
  centerLat: number;
  centerLng: number;
  radiusKm: number;
}

export const CITIES: readonly SeedCity[] = [
  { slug: 'casablanca', name: 'Casablanca', nameFr: 'Casablanca', nameAr: 'الدار البيضاء', region: 'Casablanca-Settat', priceFactor: 1.1, centerLat: 33.5731, centerLng: -7.5898, radiusKm: 25 },
  { slug: 'rabat', name: 'Rabat', nameFr: 'Rabat', nameAr: 'الرباط', region: 'Rabat-Salé-Kénitra', priceFactor: 1.05, centerLat: 34.0209, centerLng: -6.8416, radiusKm: 20 },
  { slug: 'marrakech', name: 'Marrakech', nameFr: 'Marrakech', nameAr: 'مراكش', region: 'Marrakech-Safi', priceFactor: 1, centerLat: 31.6295, centerLng: -7.9811, radiusKm: 20 },
  { slug: 'fes', name: 'Fes', nameFr: 'Fès', nameAr: 'فاس', region: 'Fès-Meknès', priceFactor: 0.95, centerLat: 34.0331, centerLng: -5.0003, radiusKm: 15 },
  { slug: 'tanger', name: 'Tangier', nameFr: 'Tanger', nameAr: 'طنجة', region: 'Tanger-Tétouan-Al Hoceïma', priceFactor: 1, centerLat: 35.7595, centerLng: -5.834, radiusKm: 20 },
];

export interface SeedBorough {
  key: string;
  name: string;
  nameFr: string;
  nameAr: string;
}

/** Casablanca neighbourhoods (arrondissements and well-known quartiers). */
export const CASABLANCA_BOROUGHS: readonly SeedBorough[] = [
  { key: 'maarif', name: 'Maarif', nameFr: 'Maârif', nameAr: 'المعاريف' },
  { key: 'anfa', name: 'Anfa', nameFr: 'Anfa', nameAr: 'أنفا' },
  { key: 'ain-diab', name: 'Ain Diab', nameFr: 'Aïn Diab', nameAr: 'عين الذئاب' },
  { key: 'ain-chock', name: 'Ain Chock', nameFr: 'Aïn Chock', nameAr: 'عين الشق' },
  { key: 'ain-sebaa', name: 'Ain Sebaa', nameFr: 'Aïn Sebaâ', nameAr: 'عين السبع' },
  { key: 'hay-hassani', name: 'Hay Hassani', nameFr: 'Hay Hassani', nameAr: 'الحي الحسني' },
  { key: 'sidi-belyout', name: 'Sidi Belyout', nameFr: 'Sidi Belyout', nameAr: 'سيدي بليوط' },
  { key: 'sidi-maarouf', name: 'Sidi Maarouf', nameFr: 'Sidi Maârouf', nameAr: 'سيدي معروف' },
  { key: 'bourgogne', name: 'Bourgogne', nameFr: 'Bourgogne', nameAr: 'بوركون' },
  { key: 'gauthier', name: 'Gauthier', nameFr: 'Gauthier', nameAr: 'غوتييه' },
  { key: 'racine', name: 'Racine', nameFr: 'Racine', nameAr: 'راسين' },
  { key: 'oasis', name: 'Oasis', nameFr: 'Oasis', nameAr: 'الواحة' },
  { key: 'cil', name: 'CIL', nameFr: 'CIL', nameAr: 'سيل' },
  { key: 'californie', name: 'Californie', nameFr: 'Californie', nameAr: 'كاليفورنيا' },
  { key: 'derb-sultan', name: 'Derb Sultan', nameFr: 'Derb Sultan', nameAr: 'درب السلطان' },
  { key: 'hay-mohammadi', name: 'Hay Mohammadi', nameFr: 'Hay Mohammadi', nameAr: 'الحي المحمدي' },
  { key: 'sidi-moumen', name: 'Sidi Moumen', nameFr: 'Sidi Moumen', nameAr: 'سيدي مومن' },
  { key: 'sidi-bernoussi', name: 'Sidi Bernoussi', nameFr: 'Sidi Bernoussi', nameAr: 'سيدي البرنوصي' },
  { key: 'belvedere', name: 'Belvedere', nameFr: 'Belvédère', nameAr: 'بلفدير' },
  { key: 'mers-sultan', name: 'Mers Sultan', nameFr: 'Mers Sultan', nameAr: 'مرس السلطان' },
  { key: 'palmier', name: 'Palmier', nameFr: 'Palmier', nameAr: 'النخيل' },
  { key: 'ben-msick', name: "Ben M'Sick", nameFr: "Ben M'Sick", nameAr: 'بن مسيك' },
  { key: 'oulfa', name: 'Oulfa', nameFr: 'Oulfa', nameAr: 'الألفة' },
];

/** Street addresses used for demo bookings, per city. */
export const SAMPLE_STREETS: Readonly<Record<string, readonly string[]>> = {
  casablanca: ['12 Rue Ibnou Sina', '45 Boulevard Zerktouni', '8 Rue Abou Bakr Seddik', '103 Boulevard Anfa', '27 Rue Jean Jaurès'],
  rabat: ['14 Avenue Fal Ould Oumeir, Agdal', '6 Rue Patrice Lumumba, Hassan', '22 Avenue Mohammed VI, Souissi'],
  marrakech: ['31 Rue de la Liberté, Guéliz', '9 Derb Sidi Bouloukat, Médina', '70 Avenue Mohammed V, Guéliz'],
  fes: ['18 Avenue Hassan II, Ville Nouvelle', '5 Rue Abdelkrim El Khattabi', '40 Route d’Imouzzer'],
  tanger: ['11 Boulevard Pasteur', '63 Rue de Fès', '2 Avenue Mohammed VI, Malabata'],
};
