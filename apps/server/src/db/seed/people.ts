/**
 * Demo people (docs/README.md contracts): the eight documented accounts, more approved
 * professionals across the five cities and eight categories, and a few extra customers.
 * Rules kept here: pro@demo.ma is the only plumber in Casablanca, pro2@demo.ma the only cleaner
 * in Rabat.
 */
import type { Category } from '@khedma/shared/domain/catalog';
import type { AdminRole } from '@khedma/shared/domain/accounts';
import type { Locale } from '@khedma/shared/domain/constants';
import type { AvailabilitySlot } from '@khedma/shared/domain/schedule';

export const DEMO_PASSWORD = 'Demo!2345';

export interface SeedPerson {
  email: string;
  firstName: string;
  lastName: string;
  userType: 'customer' | 'pro' | 'admin';
  citySlug: string;
  locale: Locale;
  phone?: string;
  adminRoles?: AdminRole[];
}

/** The eight accounts named in docs/README.md (pro and pro2 are described again in PROFESSIONALS). */
export const DEMO_ACCOUNTS: readonly SeedPerson[] = [
  { email: 'customer@demo.ma', firstName: 'Amina', lastName: 'Benjelloun', userType: 'customer', citySlug: 'casablanca', locale: 'en', phone: '+212612345601' },
  { email: 'customer2@demo.ma', firstName: 'Yassir', lastName: 'Alami', userType: 'customer', citySlug: 'rabat', locale: 'fr', phone: '+212612345602' },
  { email: 'pro@demo.ma', firstName: 'Youssef', lastName: 'El Amrani', userType: 'pro', citySlug: 'casablanca', locale: 'fr', phone: '+212661234501' },
  { email: 'pro2@demo.ma', firstName: 'Salma', lastName: 'Idrissi', userType: 'pro', citySlug: 'rabat', locale: 'fr', phone: '+212661234502' },
  { email: 'applicant@demo.ma', firstName: 'Othmane', lastName: 'Rami', userType: 'customer', citySlug: 'casablanca', locale: 'ar', phone: '+212670123456' },
  { email: 'admin@demo.ma', firstName: 'Imane', lastName: 'Sefrioui', userType: 'admin', citySlug: 'casablanca', locale: 'en', adminRoles: ['super_admin'] },
  { email: 'reviewer@demo.ma', firstName: 'Reda', lastName: 'Bennis', userType: 'admin', citySlug: 'casablanca', locale: 'fr', adminRoles: ['application_reviewer'] },
  { email: 'finance@demo.ma', firstName: 'Ghizlane', lastName: 'Mernissi', userType: 'admin', citySlug: 'rabat', locale: 'fr', adminRoles: ['finance_admin'] },
];

export const EXTRA_CUSTOMERS: readonly SeedPerson[] = [
  { email: 'sara.benmoussa@demo.ma', firstName: 'Sara', lastName: 'Benmoussa', userType: 'customer', citySlug: 'casablanca', locale: 'fr' },
  { email: 'hicham.elouardi@demo.ma', firstName: 'Hicham', lastName: 'El Ouardi', userType: 'customer', citySlug: 'marrakech', locale: 'ar' },
  { email: 'laila.cherkaoui@demo.ma', firstName: 'Laila', lastName: 'Cherkaoui', userType: 'customer', citySlug: 'fes', locale: 'fr' },
  { email: 'mohamed.ziani@demo.ma', firstName: 'Mohamed', lastName: 'Ziani', userType: 'customer', citySlug: 'tanger', locale: 'ar' },
];

/** Weekly patterns: [weekday 1-7, slots] pairs. */
export type AvailabilityPattern = 'every-day-all-day' | 'weekdays-day' | 'mon-sat-morning-afternoon' | 'evenings-weekends' | 'tue-sun-all-day';

export const AVAILABILITY_PATTERNS: Readonly<Record<AvailabilityPattern, ReadonlyArray<readonly [number, AvailabilitySlot]>>> = {
  'every-day-all-day': [1, 2, 3, 4, 5, 6, 7].map((d) => [d, 'allDay'] as const),
  'weekdays-day': [1, 2, 3, 4, 5].flatMap((d) => [[d, 'morning'] as const, [d, 'afternoon'] as const]),
  'mon-sat-morning-afternoon': [1, 2, 3, 4, 5, 6].flatMap((d) => [[d, 'morning'] as const, [d, 'afternoon'] as const]),
  'evenings-weekends': [
    ...[1, 2, 3, 4, 5].map((d) => [d, 'evening'] as const),
    [6, 'allDay'] as const,
    [7, 'allDay'] as const,
  ],
  'tue-sun-all-day': [2, 3, 4, 5, 6, 7].map((d) => [d, 'allDay'] as const),
};

export interface SeedProfessional {
  email: string;
  firstName: string;
  lastName: string;
  citySlug: string;
  category: Category;
  hourlyRate: number;
  availability: AvailabilityPattern;
  about: string;
  skills: string[];
  languages: string[];
  experienceYears: number;
  /** Casablanca only: borough keys covered; 'all' for every borough. */
  boroughs?: string[] | 'all';
  /** Service keys offered; defaults to every service of the category. */
  services?: string[];
}

export const PROFESSIONALS: readonly SeedProfessional[] = [
  // Casablanca
  {
    email: 'pro@demo.ma', firstName: 'Youssef', lastName: 'El Amrani', citySlug: 'casablanca', category: 'plumbing', hourlyRate: 150,
    availability: 'every-day-all-day', boroughs: 'all', experienceYears: 12, languages: ['ar', 'fr'],
    about: 'Plombier depuis 12 ans à Casablanca : fuites, débouchage, chauffe-eau et sanitaires. Ponctuel et soigneux.',
    skills: ['Leak detection', 'Water heaters', 'Sanitary fittings'],
  },
  {
    email: 'fatimazahra.bennani@demo.ma', firstName: 'Fatima Zahra', lastName: 'Bennani', citySlug: 'casablanca', category: 'cleaning', hourlyRate: 120,
    availability: 'mon-sat-morning-afternoon', boroughs: ['maarif', 'gauthier', 'racine', 'bourgogne', 'anfa', 'palmier', 'belvedere'], experienceYears: 6, languages: ['ar', 'fr'],
    about: 'Ménage et grand ménage soignés, produits fournis. Habituée aux appartements du centre-ville.',
    skills: ['Deep cleaning', 'Ironing', 'Moroccan salons'],
  },
  {
    email: 'khadija.alaoui@demo.ma', firstName: 'Khadija', lastName: 'Alaoui', citySlug: 'casablanca', category: 'cleaning', hourlyRate: 100,
    availability: 'weekdays-day', boroughs: ['hay-hassani', 'oasis', 'californie', 'ain-chock', 'sidi-maarouf', 'oulfa', 'cil'], experienceYears: 4, languages: ['ar'],
    about: 'كنقدم خدمات التنظيف المنزلي بعناية وبمواد احترافية، وكنحترم المواعيد.',
    skills: ['Home cleaning', 'Move-out cleaning'],
    services: ['home-cleaning', 'move-out-cleaning', 'deep-cleaning'],
  },
  {
    email: 'karim.benali@demo.ma', firstName: 'Karim', lastName: 'Benali', citySlug: 'casablanca', category: 'electrical', hourlyRate: 250,
    availability: 'mon-sat-morning-afternoon', boroughs: 'all', experienceYears: 15, languages: ['ar', 'fr', 'en'],
    about: 'Licensed electrician with 15 years of experience in homes and offices across Casablanca.',
    skills: ['Troubleshooting', 'Electrical panels', 'Lighting'],
  },
  {
    email: 'hamid.ouazzani@demo.ma', firstName: 'Hamid', lastName: 'Ouazzani', citySlug: 'casablanca', category: 'handyman', hourlyRate: 180,
    availability: 'tue-sun-all-day', boroughs: 'all', experienceYears: 9, languages: ['ar', 'fr'],
    about: 'Bricoleur polyvalent : montage, fixation, portes et serrures. Toujours avec mes outils.',
    skills: ['TV mounting', 'Locks', 'Shelves'],
  },
  {
    email: 'rachid.tahiri@demo.ma', firstName: 'Rachid', lastName: 'Tahiri', citySlug: 'casablanca', category: 'painting', hourlyRate: 200,
    availability: 'weekdays-day', boroughs: ['maarif', 'ain-diab', 'anfa', 'californie', 'sidi-belyout', 'mers-sultan', 'derb-sultan'], experienceYears: 11, languages: ['ar', 'fr'],
    about: 'Peintre en bâtiment, finitions propres, protection des meubles et sols. Devis clair.',
    skills: ['Interior painting', 'Crack repair', 'Ironwork'],
  },
  {
    email: 'mustapha.chraibi@demo.ma', firstName: 'Mustapha', lastName: 'Chraibi', citySlug: 'casablanca', category: 'moving', hourlyRate: 220,
    availability: 'mon-sat-morning-afternoon', boroughs: 'all', experienceYears: 8, languages: ['ar', 'fr'],
    about: 'Déménagement et transport de meubles avec camion et équipe de trois personnes.',
    skills: ['Moving', 'Furniture assembly'],
  },
  {
    email: 'abdellah.naciri@demo.ma', firstName: 'Abdellah', lastName: 'Naciri', citySlug: 'casablanca', category: 'gardening', hourlyRate: 100,
    availability: 'weekdays-day', boroughs: ['anfa', 'ain-diab', 'californie', 'oasis', 'sidi-maarouf', 'palmier'], experienceYears: 20, languages: ['ar'],
    about: 'بستاني بخبرة عشرين سنة في صيانة الحدائق وتقليم الأشجار.',
    skills: ['Pruning', 'Lawn care', 'Irrigation'],
  },
  {
    email: 'amine.berrada@demo.ma', firstName: 'Amine', lastName: 'Berrada', citySlug: 'casablanca', category: 'delivery', hourlyRate: 80,
    availability: 'evenings-weekends', boroughs: 'all', experienceYears: 3, languages: ['ar', 'fr', 'en'],
    about: 'Fast and careful courier on a scooter and a small van, all over Casablanca.',
    skills: ['Express delivery', 'Errands'],
  },
  // Rabat
  {
    email: 'pro2@demo.ma', firstName: 'Salma', lastName: 'Idrissi', citySlug: 'rabat', category: 'cleaning', hourlyRate: 130,
    availability: 'mon-sat-morning-afternoon', experienceYears: 7, languages: ['ar', 'fr', 'en'],
    about: 'Ménage, grand ménage et nettoyage de salons à Rabat (Agdal, Hassan, Souissi, Hay Riad).',
    skills: ['Home cleaning', 'Deep cleaning', 'Carpets'],
  },
  {
    email: 'omar.kettani@demo.ma', firstName: 'Omar', lastName: 'Kettani', citySlug: 'rabat', category: 'plumbing', hourlyRate: 160,
    availability: 'every-day-all-day', experienceYears: 10, languages: ['ar', 'fr'],
    about: 'Plombier à Rabat et Salé, interventions rapides sur fuites et chauffe-eau.',
    skills: ['Leaks', 'Water heaters'],
  },
  {
    email: 'mehdi.lahlou@demo.ma', firstName: 'Mehdi', lastName: 'Lahlou', citySlug: 'rabat', category: 'electrical', hourlyRate: 280,
    availability: 'weekdays-day', experienceYears: 13, languages: ['ar', 'fr', 'en'],
    about: 'Electrician for homes and small businesses, panel upgrades to current standards.',
    skills: ['Panels', 'Troubleshooting'],
  },
  {
    email: 'hassan.sqalli@demo.ma', firstName: 'Hassan', lastName: 'Sqalli', citySlug: 'rabat', category: 'moving', hourlyRate: 200,
    availability: 'tue-sun-all-day', experienceYears: 9, languages: ['ar', 'fr'],
    about: 'Déménagements à Rabat, Salé et Témara. Matériel de protection fourni.',
    skills: ['Moving', 'Packing'],
  },
  {
    email: 'nabil.benjelloun@demo.ma', firstName: 'Nabil', lastName: 'Benjelloun', citySlug: 'rabat', category: 'painting', hourlyRate: 190,
    availability: 'mon-sat-morning-afternoon', experienceYears: 6, languages: ['ar', 'fr'],
    about: 'Peinture intérieure et extérieure, enduits et décoration.',
    skills: ['Painting', 'Plaster'],
  },
  {
    email: 'yassine.mansouri@demo.ma', firstName: 'Yassine', lastName: 'Mansouri', citySlug: 'rabat', category: 'delivery', hourlyRate: 85,
    availability: 'every-day-all-day', experienceYears: 2, languages: ['ar', 'fr'],
    about: 'Coursier à Rabat : colis, courses et livraisons d’électroménager.',
    skills: ['Delivery', 'Errands'],
  },
  // Marrakech
  {
    email: 'brahim.aitouahmane@demo.ma', firstName: 'Brahim', lastName: 'Aït Ouahmane', citySlug: 'marrakech', category: 'plumbing', hourlyRate: 140,
    availability: 'mon-sat-morning-afternoon', experienceYears: 14, languages: ['ar', 'fr', 'tzm'],
    about: 'Plombier à Marrakech, riads et villas. Travail propre et garanti.',
    skills: ['Riads', 'Leaks', 'Sanitary fittings'],
  },
  {
    email: 'naima.elidrissi@demo.ma', firstName: 'Naïma', lastName: 'El Idrissi', citySlug: 'marrakech', category: 'cleaning', hourlyRate: 110,
    availability: 'weekdays-day', experienceYears: 5, languages: ['ar'],
    about: 'تنظيف المنازل والرياضات بمراكش، خدمة دقيقة ومواد تنظيف ديالي.',
    skills: ['Riad cleaning', 'Deep cleaning'],
  },
  {
    email: 'said.bouzid@demo.ma', firstName: 'Saïd', lastName: 'Bouzid', citySlug: 'marrakech', category: 'gardening', hourlyRate: 90,
    availability: 'tue-sun-all-day', experienceYears: 18, languages: ['ar', 'fr'],
    about: 'Jardinier à la Palmeraie : palmiers, oliviers, pelouses et arrosage.',
    skills: ['Palm trees', 'Olive trees', 'Irrigation'],
  },
  {
    email: 'aziz.ouchen@demo.ma', firstName: 'Aziz', lastName: 'Ouchen', citySlug: 'marrakech', category: 'handyman', hourlyRate: 160,
    availability: 'mon-sat-morning-afternoon', experienceYears: 7, languages: ['ar', 'fr', 'en'],
    about: 'Handyman in Marrakech: doors, locks, shelves, TV mounting and small repairs.',
    skills: ['Repairs', 'Assembly'],
  },
  // Fès
  {
    email: 'driss.filali@demo.ma', firstName: 'Driss', lastName: 'Filali', citySlug: 'fes', category: 'electrical', hourlyRate: 240,
    availability: 'weekdays-day', experienceYears: 16, languages: ['ar', 'fr'],
    about: 'Électricien à Fès, mise aux normes et dépannage, y compris dans la médina.',
    skills: ['Panels', 'Old buildings'],
  },
  {
    email: 'houda.benkirane@demo.ma', firstName: 'Houda', lastName: 'Benkirane', citySlug: 'fes', category: 'cleaning', hourlyRate: 100,
    availability: 'mon-sat-morning-afternoon', experienceYears: 3, languages: ['ar', 'fr'],
    about: 'Ménage régulier et nettoyage de tapis à Fès.',
    skills: ['Home cleaning', 'Carpets'],
  },
  {
    email: 'adil.tazi@demo.ma', firstName: 'Adil', lastName: 'Tazi', citySlug: 'fes', category: 'moving', hourlyRate: 180,
    availability: 'tue-sun-all-day', experienceYears: 6, languages: ['ar', 'fr'],
    about: 'Déménagement et transport de meubles à Fès et environs.',
    skills: ['Moving'],
  },
  {
    email: 'ayoub.chami@demo.ma', firstName: 'Ayoub', lastName: 'Chami', citySlug: 'fes', category: 'painting', hourlyRate: 170,
    availability: 'weekdays-day', experienceYears: 5, languages: ['ar'],
    about: 'صباغ محترف، صباغة الشقق والأبواب والحديد.',
    skills: ['Painting'],
  },
  // Tanger
  {
    email: 'ilyas.elkhatib@demo.ma', firstName: 'Ilyas', lastName: 'El Khatib', citySlug: 'tanger', category: 'plumbing', hourlyRate: 150,
    availability: 'mon-sat-morning-afternoon', experienceYears: 8, languages: ['ar', 'es', 'fr'],
    about: 'Fontanero y plombier à Tanger : fuites, WC, chauffe-eau.',
    skills: ['Leaks', 'Water heaters'],
  },
  {
    email: 'zakaria.bakkali@demo.ma', firstName: 'Zakaria', lastName: 'Bakkali', citySlug: 'tanger', category: 'delivery', hourlyRate: 90,
    availability: 'every-day-all-day', experienceYears: 4, languages: ['ar', 'es'],
    about: 'Courier in Tangier, from the medina to Malabata.',
    skills: ['Express delivery', 'Appliances'],
  },
  {
    email: 'soufiane.riffi@demo.ma', firstName: 'Soufiane', lastName: 'Riffi', citySlug: 'tanger', category: 'handyman', hourlyRate: 170,
    availability: 'weekdays-day', experienceYears: 10, languages: ['ar', 'fr', 'es'],
    about: 'Bricolage, montage de meubles et petites réparations à Tanger.',
    skills: ['Assembly', 'Doors'],
  },
  {
    email: 'meryem.tounsi@demo.ma', firstName: 'Meryem', lastName: 'Tounsi', citySlug: 'tanger', category: 'cleaning', hourlyRate: 120,
    availability: 'mon-sat-morning-afternoon', experienceYears: 6, languages: ['ar', 'fr'],
    about: 'Ménage et grand ménage à Tanger, appartements et bureaux.',
    skills: ['Home cleaning', 'Offices'],
  },
  {
    email: 'anas.haddad@demo.ma', firstName: 'Anas', lastName: 'Haddad', citySlug: 'tanger', category: 'gardening', hourlyRate: 110,
    availability: 'tue-sun-all-day', experienceYears: 7, languages: ['ar', 'fr'],
    about: 'Entretien de jardins et terrasses à Tanger.',
    skills: ['Gardens', 'Hedges'],
  },
];

/** Review comments (rating 3-5) in the three languages and darija. */
export const REVIEW_TEXTS: ReadonlyArray<{ rating: 3 | 4 | 5; title: string; comment: string }> = [
  { rating: 5, title: 'Excellent work', comment: 'Arrived on time, explained everything and left the place spotless. Highly recommended.' },
  { rating: 5, title: 'Travail impeccable', comment: 'Très professionnel, ponctuel et soigneux. Je referai appel sans hésiter.' },
  { rating: 5, title: 'خدمة ممتازة', comment: 'عمل متقن واحترام للموعد، شكرا بزاف.' },
  { rating: 5, title: 'Top', comment: 'Rapide et efficace, le prix annoncé a été respecté.' },
  { rating: 5, title: 'Very professional', comment: 'Polite, careful with the furniture and very quick. Five stars.' },
  { rating: 5, title: 'الله يعطيك الصحة', comment: 'خدام مزيان ونقي، ورجع كلشي فبلاصتو.' },
  { rating: 4, title: 'Bon service', comment: 'Bon travail, juste un peu de retard à l’arrivée.' },
  { rating: 4, title: 'Good job', comment: 'Did the job well, a little late but kept me informed.' },
  { rating: 4, title: 'راضي على الخدمة', comment: 'الخدمة مزيانة، غير تعطل شوية فالوصول.' },
  { rating: 4, title: 'Satisfait', comment: 'Résultat propre, communication claire. Je recommande.' },
  { rating: 4, title: 'Solid work', comment: 'Good result and fair price, would book again.' },
  { rating: 3, title: 'Correct', comment: 'Travail correct mais il a fallu repasser sur quelques détails.' },
  { rating: 3, title: 'Okay', comment: 'The job was done, but it took longer than expected.' },
  { rating: 3, title: 'مقبول', comment: 'الخدمة مقبولة، ولكن كان خاصو يجيب معاه الأدوات كاملين.' },
];

export const CANCELLATION_REASONS: readonly string[] = [
  'Plans changed, I will book again later.',
  'J’ai trouvé une solution entre-temps.',
  'تبدل الموعد ديالي، غادي نحجز مرة أخرى.',
];
