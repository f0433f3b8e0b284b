/**
 * The demo service catalogue: 27 fixed-price services across the eight categories and three on quote, in English,
 * French and Arabic. Base prices follow docs/README.md (house cleaning 200, plumbing 150, electrical 300,
 * handyman 180, moving 250, garden 120 MAD; range 50-500).
 */
import type { Category, LocalizedText } from '@khedma/shared/domain/catalog';

const t = (en: string, fr: string, ar: string): LocalizedText => ({ en, fr, ar });

export interface SeedAddOn {
  key: string;
  name: LocalizedText;
  description?: LocalizedText;
  price: number;
}

export interface SeedService {
  key: string;
  category: Category;
  name: LocalizedText;
  description: LocalizedText;
  basePrice: number;
  durationMinutes: number;
  materialsIncluded: boolean;
  warrantyDays: number;
  includes: LocalizedText[];
  excludes: LocalizedText[];
  addOns: SeedAddOn[];
  /** Region prices by city slug. */
  regionPrices?: Record<string, number>;
  /** Priced by quotes (docs/job-quotes.md); basePrice is then the usual starting price, for ordering. */
  onQuote?: boolean;
}

export const SERVICES: readonly SeedService[] = [
  // ------------------------------------------------------------------------------------ plumbing
  {
    key: 'leak-repair',
    category: 'plumbing',
    name: t('Leak Detection & Repair', 'Détection et réparation de fuites', 'كشف وإصلاح تسربات المياه'),
    description: t(
      'A plumber finds where the water is escaping and repairs the pipe, joint or fitting so your water bill and your ceiling stay safe.',
      'Un plombier localise l’origine de la fuite et répare le tuyau, le joint ou le raccord pour protéger votre plafond et votre facture d’eau.',
      'يحدد السباك مصدر تسرب الماء ويصلح الأنبوب أو الوصلة أو القطعة المعطوبة لحماية سقفك وفاتورة الماء.',
    ),
    basePrice: 150,
    durationMinutes: 60,
    materialsIncluded: false,
    warrantyDays: 30,
    includes: [
      t('Locating the leak', 'Localisation de la fuite', 'تحديد مكان التسرب'),
      t('Repair of visible pipes and joints', 'Réparation des tuyaux et joints apparents', 'إصلاح الأنابيب والوصلات الظاهرة'),
      t('Pressure test after the repair', 'Test de pression après réparation', 'اختبار الضغط بعد الإصلاح'),
    ],
    excludes: [
      t('Opening walls or re-tiling', 'Ouverture de murs ou reprise du carrelage', 'فتح الجدران أو إعادة التبليط'),
      t('Replacement parts over 50 MAD', 'Pièces de rechange de plus de 50 MAD', 'قطع الغيار التي يتجاوز ثمنها 50 درهمًا'),
    ],
    addOns: [
      { key: 'tap-cartridge', name: t('Replace a tap cartridge', 'Remplacement d’une cartouche de robinet', 'تغيير خرطوشة الصنبور'), price: 60 },
      { key: 'seal-kit', name: t('Anti-leak seal kit', 'Kit de joints anti-fuite', 'طقم حشوات مانعة للتسرب'), price: 40 },
      {
        key: 'urgent',
        name: t('Urgent intervention', 'Intervention urgente', 'تدخل مستعجل'),
        description: t('Priority arrival within the slot', 'Arrivée prioritaire dans le créneau', 'وصول بالأولوية خلال الفترة المختارة'),
        price: 100,
      },
    ],
    regionPrices: { casablanca: 170, rabat: 160 },
  },
  {
    key: 'drain-unclogging',
    category: 'plumbing',
    name: t('Drain Unclogging', 'Débouchage de canalisations', 'تسريح قنوات الصرف'),
    description: t(
      'Blocked sink, shower or toilet? We clear the drain with a plumbing snake or pressure pump and check that water flows freely again.',
      'Évier, douche ou WC bouché ? Nous débouchons la canalisation au furet ou à la pompe et vérifions le bon écoulement.',
      'مغسلة أو دوش أو مرحاض مسدود؟ نسرح القناة بالنابض أو بمضخة الضغط ونتأكد من انسياب الماء من جديد.',
    ),
    basePrice: 200,
    durationMinutes: 60,
    materialsIncluded: true,
    warrantyDays: 15,
    includes: [
      t('Unclogging of one drain', 'Débouchage d’une canalisation', 'تسريح قناة واحدة'),
      t('Cleaning of the siphon', 'Nettoyage du siphon', 'تنظيف السيفون'),
      t('Flow test', 'Test d’écoulement', 'اختبار تدفق الماء'),
    ],
    excludes: [t('Main sewer line work', 'Intervention sur l’égout principal', 'الأشغال على قناة الصرف الرئيسية')],
    addOns: [
      { key: 'camera', name: t('Camera inspection', 'Inspection par caméra', 'فحص بالكاميرا'), price: 150 },
      { key: 'second-drain', name: t('Second drain', 'Deuxième canalisation', 'قناة ثانية'), price: 80 },
    ],
  },
  {
    key: 'water-heater',
    category: 'plumbing',
    name: t('Water Heater Installation', 'Installation de chauffe-eau', 'تركيب سخان الماء'),
    description: t(
      'Installation of your gas or electric water heater, with connection to the water supply and a full safety check.',
      'Pose de votre chauffe-eau à gaz ou électrique, raccordement au réseau d’eau et contrôle complet de sécurité.',
      'تركيب سخان الماء بالغاز أو بالكهرباء، وربطه بشبكة الماء مع فحص شامل للسلامة.',
    ),
    basePrice: 350,
    durationMinutes: 120,
    materialsIncluded: false,
    warrantyDays: 90,
    includes: [
      t('Wall mounting of the heater', 'Fixation murale du chauffe-eau', 'تثبيت السخان على الحائط'),
      t('Water and gas connections', 'Raccordements eau et gaz', 'توصيلات الماء والغاز'),
      t('Leak and safety check', 'Contrôle d’étanchéité et de sécurité', 'فحص التسرب والسلامة'),
    ],
    excludes: [
      t('The water heater itself', 'Le chauffe-eau lui-même', 'جهاز السخان نفسه'),
      t('Gas bottle', 'La bouteille de gaz', 'قنينة الغاز'),
    ],
    addOns: [
      { key: 'old-removal', name: t('Removal of the old heater', 'Dépose de l’ancien chauffe-eau', 'إزالة السخان القديم'), price: 80 },
      { key: 'safety-valve', name: t('Safety valve unit', 'Groupe de sécurité', 'صمام الأمان'), price: 120 },
    ],
    regionPrices: { casablanca: 380 },
  },
  {
    key: 'bathroom-fixtures',
    category: 'plumbing',
    name: t('Toilet, Sink & Tap Installation', 'Pose de WC, lavabo et robinetterie', 'تركيب المرحاض والمغسلة والصنابير'),
    description: t(
      'Fitting of a toilet, washbasin or mixer tap you have bought, with new flexible hoses and sealing.',
      'Pose d’un WC, d’un lavabo ou d’un mitigeur que vous avez acheté, avec flexibles neufs et étanchéité.',
      'تركيب مرحاض أو مغسلة أو خلاط اشتريته، مع خراطيم مرنة جديدة وإحكام العزل.',
    ),
    basePrice: 250,
    durationMinutes: 120,
    materialsIncluded: false,
    warrantyDays: 60,
    includes: [
      t('Installation of one fixture', 'Pose d’un équipement', 'تركيب قطعة واحدة'),
      t('Flexible hoses and silicone', 'Flexibles et silicone', 'الخراطيم المرنة والسيليكون'),
    ],
    excludes: [t('The fixture itself', 'L’équipement lui-même', 'القطعة نفسها')],
    addOns: [
      { key: 'extra-fixture', name: t('Extra fixture', 'Équipement supplémentaire', 'قطعة إضافية'), price: 100 },
      { key: 'reseal', name: t('Silicone re-sealing of the bathroom', 'Reprise des joints silicone de la salle de bain', 'تجديد عزل السيليكون في الحمام'), price: 50 },
    ],
  },
  // ------------------------------------------------------------------------------------ cleaning
  {
    key: 'home-cleaning',
    category: 'cleaning',
    name: t('Standard Home Cleaning', 'Ménage standard', 'تنظيف منزلي عادي'),
    description: t(
      'Regular cleaning of your home: dusting, floors, kitchen and bathrooms, with professional products brought by the cleaner.',
      'Ménage régulier de votre logement : poussière, sols, cuisine et salles de bain, avec produits professionnels fournis.',
      'تنظيف دوري لمنزلك: إزالة الغبار وتنظيف الأرضيات والمطبخ والحمامات، بمواد تنظيف احترافية يحضرها العامل.',
    ),
    basePrice: 200,
    durationMinutes: 180,
    materialsIncluded: true,
    warrantyDays: 0,
    includes: [
      t('Dusting of all surfaces', 'Dépoussiérage de toutes les surfaces', 'إزالة الغبار عن جميع الأسطح'),
      t('Floors vacuumed and mopped', 'Sols aspirés et lavés', 'شفط الأرضيات ومسحها'),
      t('Kitchen and bathrooms', 'Cuisine et salles de bain', 'المطبخ والحمامات'),
      t('Cleaning products', 'Produits d’entretien', 'مواد التنظيف'),
    ],
    excludes: [
      t('Inside of appliances', 'Intérieur des appareils', 'داخل الأجهزة المنزلية'),
      t('Exterior windows', 'Vitres extérieures', 'الزجاج الخارجي للنوافذ'),
    ],
    addOns: [
      { key: 'fridge', name: t('Inside the fridge', 'Intérieur du réfrigérateur', 'تنظيف داخل الثلاجة'), price: 50 },
      { key: 'ironing', name: t('Ironing (1 hour)', 'Repassage (1 heure)', 'كي الملابس (ساعة واحدة)'), price: 60 },
      { key: 'windows', name: t('Window cleaning', 'Lavage des vitres', 'تنظيف النوافذ'), price: 80 },
    ],
    regionPrices: { casablanca: 220, rabat: 210 },
  },
  {
    key: 'deep-cleaning',
    category: 'cleaning',
    name: t('Deep Cleaning', 'Grand ménage', 'تنظيف شامل'),
    description: t(
      'A top-to-bottom clean for Eid, a family visit or a fresh start: limescale, grease, corners, doors and skirting boards.',
      'Un nettoyage de fond en comble pour l’Aïd, une visite de famille ou un nouveau départ : calcaire, graisse, recoins, portes et plinthes.',
      'تنظيف من الأعلى إلى الأسفل استعدادًا للعيد أو لزيارة العائلة: إزالة الكلس والدهون وتنظيف الزوايا والأبواب والحواف.',
    ),
    basePrice: 450,
    durationMinutes: 300,
    materialsIncluded: true,
    warrantyDays: 0,
    includes: [
      t('Descaling of bathrooms', 'Détartrage des salles de bain', 'إزالة الكلس من الحمامات'),
      t('Degreasing of the kitchen', 'Dégraissage de la cuisine', 'إزالة الدهون من المطبخ'),
      t('Doors, skirting boards and switches', 'Portes, plinthes et interrupteurs', 'الأبواب والحواف ومفاتيح الكهرباء'),
    ],
    excludes: [t('Facade and terrace washing', 'Lavage de façade et de terrasse', 'غسل الواجهة والسطح')],
    addOns: [
      { key: 'oven', name: t('Oven degreasing', 'Dégraissage du four', 'تنظيف الفرن من الدهون'), price: 80 },
      { key: 'balcony', name: t('Balcony or terrace', 'Balcon ou terrasse', 'الشرفة أو السطح'), price: 70 },
    ],
    regionPrices: { casablanca: 480 },
  },
  {
    key: 'move-out-cleaning',
    category: 'cleaning',
    name: t('Move-in / Move-out Cleaning', 'Nettoyage d’emménagement ou de fin de bail', 'تنظيف قبل السكن أو بعد المغادرة'),
    description: t(
      'Leave your old flat spotless or start fresh in the new one: an empty-home clean including cupboards and windows.',
      'Rendez votre ancien appartement impeccable ou démarrez au propre dans le nouveau : nettoyage d’un logement vide, placards et vitres compris.',
      'سلّم شقتك القديمة نظيفة تمامًا أو ابدأ في الجديدة بنظافة: تنظيف مسكن فارغ يشمل الخزائن والنوافذ.',
    ),
    basePrice: 400,
    durationMinutes: 300,
    materialsIncluded: true,
    warrantyDays: 0,
    includes: [
      t('Inside of cupboards and wardrobes', 'Intérieur des placards et armoires', 'داخل الخزائن والدواليب'),
      t('Interior windows', 'Vitres intérieures', 'الزجاج الداخلي'),
      t('All rooms of an empty home', 'Toutes les pièces d’un logement vide', 'جميع غرف مسكن فارغ'),
    ],
    excludes: [t('Removal of rubbish and furniture', 'Évacuation des déchets et meubles', 'إخراج النفايات والأثاث')],
    addOns: [
      { key: 'oven', name: t('Oven degreasing', 'Dégraissage du four', 'تنظيف الفرن من الدهون'), price: 80 },
      { key: 'walls', name: t('Wall washing', 'Lessivage des murs', 'غسل الجدران'), price: 120 },
    ],
  },
  {
    key: 'sofa-carpet-cleaning',
    category: 'cleaning',
    name: t('Moroccan Salon & Carpet Cleaning', 'Nettoyage de salon marocain et tapis', 'تنظيف الصالون المغربي والزرابي'),
    description: t(
      'Injection-extraction cleaning of your Moroccan salon cushions, sofas and carpets to remove dust, stains and odours.',
      'Nettoyage par injection-extraction des banquettes de salon marocain, canapés et tapis : poussière, taches et odeurs.',
      'تنظيف بتقنية الحقن والشفط لأفرشة الصالون المغربي والكنبات والزرابي لإزالة الغبار والبقع والروائح.',
    ),
    basePrice: 300,
    durationMinutes: 150,
    materialsIncluded: true,
    warrantyDays: 0,
    includes: [
      t('Up to 6 salon seats', 'Jusqu’à 6 places de salon', 'حتى 6 مقاعد في الصالون'),
      t('One carpet up to 6 m²', 'Un tapis jusqu’à 6 m²', 'زربية واحدة حتى 6 م²'),
    ],
    excludes: [t('Silk or antique rugs', 'Tapis en soie ou anciens', 'الزرابي الحريرية أو العتيقة')],
    addOns: [
      { key: 'extra-carpet', name: t('Extra carpet', 'Tapis supplémentaire', 'زربية إضافية'), price: 80 },
      { key: 'stains', name: t('Stubborn stain treatment', 'Traitement des taches tenaces', 'معالجة البقع الصعبة'), price: 50 },
    ],
  },
  // ------------------------------------------------------------------------------------ moving
  {
    key: 'furniture-transport',
    category: 'moving',
    name: t('Furniture Transport (up to 3 items)', 'Transport de meubles (jusqu’à 3 pièces)', 'نقل الأثاث (حتى 3 قطع)'),
    description: t(
      'A van and two movers carry up to three large items within the same city, from door to door.',
      'Une camionnette et deux déménageurs transportent jusqu’à trois gros meubles dans la même ville, de porte à porte.',
      'شاحنة صغيرة وعاملان ينقلان حتى ثلاث قطع أثاث كبيرة داخل نفس المدينة من الباب إلى الباب.',
    ),
    basePrice: 250,
    durationMinutes: 120,
    materialsIncluded: true,
    warrantyDays: 0,
    includes: [
      t('Van with driver', 'Camionnette avec chauffeur', 'شاحنة مع سائق'),
      t('Two movers', 'Deux déménageurs', 'عاملان للنقل'),
      t('Protective blankets', 'Couvertures de protection', 'أغطية لحماية الأثاث'),
    ],
    excludes: [
      t('Transport between cities', 'Transport entre villes', 'النقل بين المدن'),
      t('Packing of small items', 'Emballage des petits objets', 'تغليف الأغراض الصغيرة'),
    ],
    addOns: [
      { key: 'no-elevator', name: t('Floors without elevator', 'Étages sans ascenseur', 'طوابق بدون مصعد'), price: 50 },
      { key: 'extra-mover', name: t('Extra mover', 'Déménageur supplémentaire', 'عامل نقل إضافي'), price: 150 },
    ],
    regionPrices: { casablanca: 280, rabat: 260 },
  },
  {
    key: 'small-move',
    category: 'moving',
    name: t('Studio or Small Apartment Move', 'Déménagement studio ou petit appartement', 'نقل أثاث استوديو أو شقة صغيرة'),
    description: t(
      'Complete move of a studio or one-bedroom flat in the same city: loading, transport and unloading.',
      'Déménagement complet d’un studio ou d’un F2 dans la même ville : chargement, transport et déchargement.',
      'نقل كامل لأثاث استوديو أو شقة بغرفة واحدة داخل نفس المدينة: التحميل والنقل والتفريغ.',
    ),
    basePrice: 500,
    durationMinutes: 240,
    materialsIncluded: true,
    warrantyDays: 0,
    includes: [
      t('Truck and three movers', 'Camion et trois déménageurs', 'شاحنة وثلاثة عمال'),
      t('Loading and unloading', 'Chargement et déchargement', 'التحميل والتفريغ'),
      t('Stretch film for furniture', 'Film étirable pour les meubles', 'غلاف بلاستيكي للأثاث'),
    ],
    excludes: [t('Furniture assembly', 'Montage des meubles', 'تركيب الأثاث')],
    addOns: [
      { key: 'boxes', name: t('Packing boxes (set of 10)', 'Cartons (lot de 10)', 'صناديق كرتونية (10 قطع)'), price: 60 },
      { key: 'no-elevator', name: t('Floors without elevator', 'Étages sans ascenseur', 'طوابق بدون مصعد'), price: 50 },
      { key: 'extra-mover', name: t('Extra mover', 'Déménageur supplémentaire', 'عامل نقل إضافي'), price: 150 },
    ],
  },
  {
    key: 'furniture-assembly',
    category: 'moving',
    name: t('Furniture Disassembly & Reassembly', 'Démontage et remontage de meubles', 'فك وتركيب الأثاث'),
    description: t(
      'Wardrobes, beds and kitchen units taken apart before a move and put back together in your new home.',
      'Armoires, lits et meubles de cuisine démontés avant le déménagement et remontés dans votre nouveau logement.',
      'فك الدواليب والأسرّة وخزائن المطبخ قبل النقل وإعادة تركيبها في منزلك الجديد.',
    ),
    basePrice: 200,
    durationMinutes: 120,
    materialsIncluded: false,
    warrantyDays: 15,
    includes: [
      t('Up to 3 pieces of furniture', 'Jusqu’à 3 meubles', 'حتى 3 قطع أثاث'),
      t('Tools', 'Outillage', 'الأدوات'),
    ],
    excludes: [t('Replacement hardware', 'Quincaillerie de remplacement', 'قطع التثبيت البديلة')],
    addOns: [
      { key: 'extra-piece', name: t('Extra piece of furniture', 'Meuble supplémentaire', 'قطعة أثاث إضافية'), price: 60 },
      { key: 'wall-fixing', name: t('Wall anchoring', 'Fixation murale', 'التثبيت على الحائط'), price: 40 },
    ],
  },
  // ------------------------------------------------------------------------------------ electrical
  {
    key: 'electrical-repair',
    category: 'electrical',
    name: t('Electrical Troubleshooting & Repair', 'Dépannage électrique', 'إصلاح الأعطال الكهربائية'),
    description: t(
      'Power cut in one room, tripping breaker or a dead socket: an electrician finds the fault and repairs it safely.',
      'Coupure dans une pièce, disjoncteur qui saute ou prise morte : un électricien trouve la panne et la répare en sécurité.',
      'انقطاع الكهرباء في غرفة أو قاطع يفصل باستمرار أو مقبس لا يعمل: يحدد الكهربائي العطل ويصلحه بأمان.',
    ),
    basePrice: 300,
    durationMinutes: 90,
    materialsIncluded: false,
    warrantyDays: 30,
    includes: [
      t('Diagnosis of the installation', 'Diagnostic de l’installation', 'تشخيص التركيبة الكهربائية'),
      t('Repair of the fault', 'Réparation de la panne', 'إصلاح العطل'),
      t('Safety test', 'Test de sécurité', 'اختبار السلامة'),
    ],
    excludes: [t('Full rewiring', 'Réfection complète du câblage', 'إعادة تمديد الأسلاك بالكامل')],
    addOns: [
      { key: 'breaker', name: t('Replace a circuit breaker', 'Remplacement d’un disjoncteur', 'تغيير قاطع كهربائي'), price: 120 },
      { key: 'socket', name: t('Extra socket', 'Prise supplémentaire', 'مقبس إضافي'), price: 80 },
    ],
    regionPrices: { casablanca: 330, rabat: 320 },
  },
  {
    key: 'light-installation',
    category: 'electrical',
    name: t('Light Fixture Installation', 'Installation de luminaires', 'تركيب الثريات والإنارة'),
    description: t(
      'Installation of ceiling lights, chandeliers, wall lamps or LED spots you have bought, wired and tested.',
      'Pose de plafonniers, lustres, appliques ou spots LED que vous avez achetés, raccordés et testés.',
      'تركيب الثريات والمصابيح الجدارية وأضواء LED التي اشتريتها، مع التوصيل والاختبار.',
    ),
    basePrice: 150,
    durationMinutes: 60,
    materialsIncluded: false,
    warrantyDays: 30,
    includes: [
      t('Installation of up to 2 fixtures', 'Pose de 2 luminaires maximum', 'تركيب حتى قطعتين للإنارة'),
      t('Connectors and wiring', 'Dominos et raccordement', 'الموصلات والتوصيل'),
    ],
    excludes: [t('The fixtures and bulbs', 'Les luminaires et ampoules', 'الثريات والمصابيح')],
    addOns: [
      { key: 'extra-fixture', name: t('Additional fixture', 'Luminaire supplémentaire', 'قطعة إنارة إضافية'), price: 60 },
      { key: 'dimmer', name: t('Dimmer switch', 'Variateur de lumière', 'مفتاح تعتيم'), price: 90 },
    ],
  },
  {
    key: 'panel-upgrade',
    category: 'electrical',
    name: t('Electrical Panel Check & Upgrade', 'Contrôle et mise aux normes du tableau électrique', 'فحص وتحديث لوحة الكهرباء'),
    description: t(
      'Inspection of your electrical panel, earth and differential protection, and replacement of worn breakers to current standards.',
      'Inspection du tableau, de la terre et du différentiel, et remplacement des disjoncteurs usés selon les normes actuelles.',
      'فحص لوحة الكهرباء والتأريض وقاطع التيار التفاضلي، وتغيير القواطع المتهالكة وفق المعايير الحالية.',
    ),
    basePrice: 500,
    durationMinutes: 240,
    materialsIncluded: false,
    warrantyDays: 180,
    includes: [
      t('Full panel inspection', 'Inspection complète du tableau', 'فحص كامل للوحة'),
      t('Earth and differential test', 'Test de la terre et du différentiel', 'اختبار التأريض والقاطع التفاضلي'),
      t('Labelling of circuits', 'Étiquetage des circuits', 'ترقيم الدوائر الكهربائية'),
    ],
    excludes: [t('New panel enclosure', 'Nouveau coffret', 'علبة لوحة جديدة')],
    addOns: [
      { key: 'differential', name: t('Differential breaker 30 mA', 'Interrupteur différentiel 30 mA', 'قاطع تفاضلي 30 ميلي أمبير'), price: 250 },
      { key: 'surge', name: t('Surge protector', 'Parafoudre', 'واقي الصواعق'), price: 180 },
    ],
  },
  // ------------------------------------------------------------------------------------ handyman
  {
    key: 'handyman-visit',
    category: 'handyman',
    name: t('Handyman Visit (2 hours)', 'Intervention bricolage (2 heures)', 'زيارة إصلاحات منزلية (ساعتان)'),
    description: t(
      'Two hours of a skilled handyman for your list of small jobs: hinges, drawers, silicone, hooks and more.',
      'Deux heures d’un bricoleur qualifié pour votre liste de petits travaux : charnières, tiroirs, silicone, crochets…',
      'ساعتان من عمل حرفي ماهر لقائمة إصلاحاتك الصغيرة: المفصلات والأدراج والسيليكون والمعاليق وغيرها.',
    ),
    basePrice: 180,
    durationMinutes: 120,
    materialsIncluded: false,
    warrantyDays: 15,
    includes: [
      t('Two hours of work', 'Deux heures de travail', 'ساعتان من العمل'),
      t('Professional tools', 'Outillage professionnel', 'أدوات احترافية'),
    ],
    excludes: [
      t('Electrical and plumbing work', 'Travaux d’électricité et de plomberie', 'أشغال الكهرباء والترصيص'),
      t('Materials', 'Fournitures', 'المواد'),
    ],
    addOns: [
      { key: 'extra-hour', name: t('Extra hour', 'Heure supplémentaire', 'ساعة إضافية'), price: 80 },
      { key: 'hardware-kit', name: t('Screws and plugs kit', 'Kit vis et chevilles', 'طقم براغي ودسرات'), price: 30 },
    ],
    regionPrices: { casablanca: 200 },
  },
  {
    key: 'tv-mounting',
    category: 'handyman',
    name: t('TV Wall Mounting', 'Fixation de télévision murale', 'تثبيت التلفاز على الحائط'),
    description: t(
      'Your TV mounted level and secure on any wall, at the height you choose.',
      'Votre téléviseur fixé de niveau et solidement sur n’importe quel mur, à la hauteur de votre choix.',
      'تثبيت التلفاز بشكل مستوٍ ومتين على أي حائط وعلى الارتفاع الذي تختاره.',
    ),
    basePrice: 150,
    durationMinutes: 60,
    materialsIncluded: false,
    warrantyDays: 30,
    includes: [
      t('Drilling and anchoring', 'Perçage et chevillage', 'الثقب والتثبيت'),
      t('Levelling and test', 'Mise à niveau et test', 'الضبط الأفقي والاختبار'),
    ],
    excludes: [t('Wall bracket', 'Support mural', 'حامل الحائط')],
    addOns: [
      { key: 'bracket', name: t('Wall bracket supplied', 'Support mural fourni', 'توفير حامل الحائط'), price: 120 },
      { key: 'cables', name: t('Cable concealment', 'Dissimulation des câbles', 'إخفاء الأسلاك'), price: 70 },
    ],
  },
  {
    key: 'curtains-shelves',
    category: 'handyman',
    name: t('Curtain & Shelf Installation', 'Pose de rideaux et d’étagères', 'تركيب الستائر والرفوف'),
    description: t(
      'Curtain rails, blinds, shelves and mirrors fixed straight and solid.',
      'Tringles, stores, étagères et miroirs posés droits et solides.',
      'تركيب قضبان الستائر والستائر الملفوفة والرفوف والمرايا بشكل مستقيم ومتين.',
    ),
    basePrice: 120,
    durationMinutes: 90,
    materialsIncluded: false,
    warrantyDays: 15,
    includes: [
      t('Up to 3 items', 'Jusqu’à 3 éléments', 'حتى 3 قطع'),
      t('Drilling and plugs', 'Perçage et chevilles', 'الثقب والدسرات'),
    ],
    excludes: [t('Curtains and shelves', 'Rideaux et étagères', 'الستائر والرفوف')],
    addOns: [{ key: 'extra-item', name: t('Extra item', 'Élément supplémentaire', 'قطعة إضافية'), price: 40 }],
  },
  {
    key: 'door-lock-repair',
    category: 'handyman',
    name: t('Door & Lock Repair', 'Réparation de portes et serrures', 'إصلاح الأبواب والأقفال'),
    description: t(
      'Sticking door, broken handle or worn lock: adjustment, repair or replacement of the cylinder.',
      'Porte qui frotte, poignée cassée ou serrure usée : réglage, réparation ou changement du cylindre.',
      'باب يحتك أو مقبض مكسور أو قفل متآكل: ضبط أو إصلاح أو تغيير أسطوانة القفل.',
    ),
    basePrice: 200,
    durationMinutes: 90,
    materialsIncluded: false,
    warrantyDays: 30,
    includes: [
      t('Door adjustment', 'Réglage de la porte', 'ضبط الباب'),
      t('Handle or lock repair', 'Réparation de poignée ou serrure', 'إصلاح المقبض أو القفل'),
    ],
    excludes: [t('Armoured door installation', 'Pose de porte blindée', 'تركيب باب مصفح')],
    addOns: [
      { key: 'cylinder', name: t('New lock cylinder', 'Nouveau cylindre de serrure', 'أسطوانة قفل جديدة'), price: 150 },
      { key: 'door-stop', name: t('Door stop', 'Butée de porte', 'مصد الباب'), price: 25 },
    ],
  },
  // ------------------------------------------------------------------------------------ painting
  {
    key: 'room-painting',
    category: 'painting',
    name: t('Room Painting (up to 15 m²)', 'Peinture d’une pièce (jusqu’à 15 m²)', 'صباغة غرفة (حتى 15 م²)'),
    description: t(
      'Walls of one room painted in two coats after preparation, with furniture and floors protected.',
      'Murs d’une pièce peints en deux couches après préparation, meubles et sols protégés.',
      'صباغة جدران غرفة واحدة بطبقتين بعد التحضير، مع حماية الأثاث والأرضية.',
    ),
    basePrice: 500,
    durationMinutes: 480,
    materialsIncluded: false,
    warrantyDays: 90,
    includes: [
      t('Filling of small holes', 'Rebouchage des petits trous', 'سد الثقوب الصغيرة'),
      t('Two coats on the walls', 'Deux couches sur les murs', 'طبقتان على الجدران'),
      t('Protection and clean-up', 'Protection et nettoyage', 'الحماية والتنظيف'),
    ],
    excludes: [
      t('Paint', 'La peinture', 'الصباغة'),
      t('Ceiling', 'Le plafond', 'السقف'),
    ],
    addOns: [
      { key: 'ceiling', name: t('Ceiling', 'Plafond', 'السقف'), price: 150 },
      { key: 'paint', name: t('Paint supplied (standard white)', 'Peinture fournie (blanc standard)', 'توفير الصباغة (أبيض عادي)'), price: 200 },
    ],
    regionPrices: { casablanca: 550, rabat: 520 },
  },
  {
    key: 'wall-repair',
    category: 'painting',
    name: t('Wall Touch-ups & Crack Repair', 'Retouches et rebouchage de fissures', 'ترميم الشقوق وإصلاح الجدران'),
    description: t(
      'Cracks, holes and damp marks filled, sanded and repainted so the wall looks new again.',
      'Fissures, trous et traces d’humidité rebouchés, poncés et repeints pour un mur comme neuf.',
      'سد الشقوق والثقوب وآثار الرطوبة ثم صقلها وإعادة صباغتها ليبدو الجدار جديدًا.',
    ),
    basePrice: 250,
    durationMinutes: 180,
    materialsIncluded: true,
    warrantyDays: 60,
    includes: [
      t('Filler and sanding', 'Enduit et ponçage', 'المعجون والصقل'),
      t('Touch-up paint', 'Peinture de retouche', 'صباغة الترميم'),
    ],
    excludes: [t('Structural cracks', 'Fissures structurelles', 'الشقوق الإنشائية')],
    addOns: [{ key: 'anti-damp', name: t('Anti-damp treatment', 'Traitement anti-humidité', 'معالجة ضد الرطوبة'), price: 120 }],
  },
  {
    key: 'door-shutter-painting',
    category: 'painting',
    name: t('Door & Shutter Painting', 'Peinture de portes et volets', 'صباغة الأبواب والنوافذ'),
    description: t(
      'Doors, shutters and wrought-iron railings sanded, primed and repainted.',
      'Portes, volets et ferronneries poncés, apprêtés et repeints.',
      'صقل الأبواب والنوافذ والحديد المطروق ووضع طبقة أساس ثم إعادة الصباغة.',
    ),
    basePrice: 300,
    durationMinutes: 240,
    materialsIncluded: false,
    warrantyDays: 60,
    includes: [
      t('Up to 2 doors or 4 shutters', 'Jusqu’à 2 portes ou 4 volets', 'حتى بابين أو 4 نوافذ'),
      t('Sanding and primer', 'Ponçage et sous-couche', 'الصقل وطبقة الأساس'),
    ],
    excludes: [t('Paint', 'La peinture', 'الصباغة')],
    addOns: [
      { key: 'extra-door', name: t('Extra door', 'Porte supplémentaire', 'باب إضافي'), price: 100 },
      { key: 'anti-rust', name: t('Anti-rust treatment', 'Traitement antirouille', 'معالجة ضد الصدأ'), price: 60 },
    ],
  },
  // ------------------------------------------------------------------------------------ gardening
  {
    key: 'garden-maintenance',
    category: 'gardening',
    name: t('Garden Maintenance', 'Entretien de jardin', 'صيانة الحديقة'),
    description: t(
      'Weeding, pruning of shrubs, watering check and tidy-up of your garden or riad patio.',
      'Désherbage, taille des arbustes, contrôle de l’arrosage et remise en ordre de votre jardin ou patio de riad.',
      'إزالة الأعشاب الضارة وتقليم الشجيرات ومراقبة السقي وترتيب حديقتك أو فناء الرياض.',
    ),
    basePrice: 120,
    durationMinutes: 120,
    materialsIncluded: false,
    warrantyDays: 0,
    includes: [
      t('Weeding of beds', 'Désherbage des massifs', 'تنقية الأحواض من الأعشاب'),
      t('Light pruning', 'Taille légère', 'تقليم خفيف'),
      t('Raking and tidy-up', 'Ratissage et rangement', 'الجرف والترتيب'),
    ],
    excludes: [t('Tree felling', 'Abattage d’arbres', 'قطع الأشجار')],
    addOns: [
      { key: 'green-waste', name: t('Green waste removal', 'Évacuation des déchets verts', 'إخراج المخلفات الخضراء'), price: 60 },
      { key: 'fertiliser', name: t('Fertiliser application', 'Apport d’engrais', 'إضافة السماد'), price: 50 },
    ],
    regionPrices: { casablanca: 140 },
  },
  {
    key: 'lawn-mowing',
    category: 'gardening',
    name: t('Lawn Mowing', 'Tonte de pelouse', 'جز العشب'),
    description: t(
      'Mowing and edging of your lawn up to 200 m², clippings collected.',
      'Tonte et bordures de votre pelouse jusqu’à 200 m², herbe ramassée.',
      'جز العشب وتشذيب الحواف حتى 200 م²، مع جمع العشب المقصوص.',
    ),
    basePrice: 100,
    durationMinutes: 60,
    materialsIncluded: true,
    warrantyDays: 0,
    includes: [
      t('Mowing up to 200 m²', 'Tonte jusqu’à 200 m²', 'جز حتى 200 م²'),
      t('Edging', 'Bordures', 'تشذيب الحواف'),
    ],
    excludes: [t('Re-seeding', 'Regarnissage', 'إعادة الزرع')],
    addOns: [{ key: 'green-waste', name: t('Green waste removal', 'Évacuation des déchets verts', 'إخراج المخلفات الخضراء'), price: 60 }],
  },
  {
    key: 'tree-trimming',
    category: 'gardening',
    name: t('Hedge & Tree Trimming', 'Taille de haies et d’arbres', 'تقليم الأشجار والسياج'),
    description: t(
      'Shaping of hedges and pruning of fruit, olive or palm trees up to 4 metres.',
      'Taille de haies et élagage d’arbres fruitiers, oliviers ou palmiers jusqu’à 4 mètres.',
      'تشكيل السياج النباتي وتقليم الأشجار المثمرة وأشجار الزيتون والنخيل حتى 4 أمتار.',
    ),
    basePrice: 250,
    durationMinutes: 180,
    materialsIncluded: false,
    warrantyDays: 0,
    includes: [
      t('Hedge shaping', 'Taille de haie', 'تشكيل السياج'),
      t('Pruning up to 4 m', 'Élagage jusqu’à 4 m', 'التقليم حتى 4 أمتار'),
    ],
    excludes: [t('Work at height over 4 m', 'Travaux en hauteur au-delà de 4 m', 'الأشغال على ارتفاع يتجاوز 4 أمتار')],
    addOns: [
      { key: 'green-waste', name: t('Green waste removal', 'Évacuation des déchets verts', 'إخراج المخلفات الخضراء'), price: 80 },
      { key: 'palm', name: t('Palm tree cleaning', 'Nettoyage de palmier', 'تنظيف النخلة'), price: 150 },
    ],
  },
  // ------------------------------------------------------------------------------------ delivery
  {
    key: 'express-delivery',
    category: 'delivery',
    name: t('Express Parcel Delivery (same city)', 'Livraison express de colis (même ville)', 'توصيل سريع للطرود (داخل المدينة)'),
    description: t(
      'A courier picks up your parcel or documents and delivers them across town within the hour.',
      'Un coursier récupère votre colis ou vos documents et les livre à l’autre bout de la ville dans l’heure.',
      'يستلم المرسول طردك أو وثائقك ويوصلها إلى أي مكان في المدينة خلال ساعة.',
    ),
    basePrice: 50,
    durationMinutes: 60,
    materialsIncluded: false,
    warrantyDays: 0,
    includes: [
      t('Pick-up and delivery', 'Enlèvement et livraison', 'الاستلام والتوصيل'),
      t('Parcel up to 10 kg', 'Colis jusqu’à 10 kg', 'طرد حتى 10 كلغ'),
    ],
    excludes: [t('Cash collection', 'Encaissement à la livraison', 'تحصيل المبلغ عند التسليم')],
    addOns: [
      { key: 'fragile', name: t('Fragile handling', 'Manutention fragile', 'عناية بالأغراض القابلة للكسر'), price: 20 },
      { key: 'return', name: t('Return trip', 'Aller-retour', 'رحلة العودة'), price: 40 },
    ],
  },
  {
    key: 'errands',
    category: 'delivery',
    name: t('Grocery & Errand Run', 'Courses et commissions', 'قضاء المشتريات والمشاوير'),
    description: t(
      'Someone does your shopping at the souk, supermarket or pharmacy and brings it to your door.',
      'Quelqu’un fait vos courses au souk, au supermarché ou à la pharmacie et vous les apporte.',
      'شخص يقضي مشترياتك من السوق أو المتجر الكبير أو الصيدلية ويوصلها إلى باب منزلك.',
    ),
    basePrice: 80,
    durationMinutes: 90,
    materialsIncluded: false,
    warrantyDays: 0,
    includes: [
      t('Up to 2 shops', 'Jusqu’à 2 commerces', 'حتى متجرين'),
      t('Delivery to your door', 'Livraison à domicile', 'التوصيل إلى الباب'),
    ],
    excludes: [t('Price of the goods', 'Prix des articles', 'ثمن المشتريات')],
    addOns: [{ key: 'extra-shop', name: t('Extra shop', 'Commerce supplémentaire', 'متجر إضافي'), price: 30 }],
  },
  {
    key: 'appliance-delivery',
    category: 'delivery',
    name: t('Appliance Delivery', 'Livraison d’électroménager', 'توصيل الأجهزة المنزلية'),
    description: t(
      'Collection of a fridge, washing machine or cooker from the store and delivery to the room of your choice.',
      'Retrait d’un réfrigérateur, lave-linge ou cuisinière en magasin et livraison dans la pièce de votre choix.',
      'استلام الثلاجة أو الغسالة أو الفرن من المتجر وتوصيلها إلى الغرفة التي تختارها.',
    ),
    basePrice: 200,
    durationMinutes: 120,
    materialsIncluded: true,
    warrantyDays: 0,
    includes: [
      t('Van and two handlers', 'Camionnette et deux manutentionnaires', 'شاحنة وعاملان'),
      t('Delivery to the room', 'Livraison dans la pièce', 'التوصيل إلى الغرفة'),
    ],
    excludes: [t('Connection of the appliance', 'Branchement de l’appareil', 'توصيل الجهاز وتشغيله')],
    addOns: [
      { key: 'install-help', name: t('Installation help', 'Aide à l’installation', 'المساعدة في التركيب'), price: 80 },
      { key: 'no-elevator', name: t('Floors without elevator', 'Étages sans ascenseur', 'طوابق بدون مصعد'), price: 50 },
      { key: 'old-removal', name: t('Removal of the old appliance', 'Reprise de l’ancien appareil', 'أخذ الجهاز القديم'), price: 60 },
    ],
  },
  // ------------------------------------------------------------------------------------ on quote
  // Jobs nobody can price before looking (docs/job-quotes.md): requested, then quoted by professionals.
  {
    key: 'home-move-quote',
    category: 'moving',
    onQuote: true,
    name: t('Whole-home move (on quote)', 'Déménagement complet (sur devis)', 'نقل منزل كامل (حسب عرض السعر)'),
    description: t(
      'Moving a whole flat or house: describe what moves and where, add photos, and compare the movers\' quotes before you choose.',
      'Déménager un appartement ou une maison entière : décrivez ce qui part et où, ajoutez des photos, et comparez les devis des déménageurs avant de choisir.',
      'نقل شقة أو منزل كامل: صف ما سيُنقل وإلى أين، أضف صورًا، وقارن عروض أسعار الناقلين قبل أن تختار.',
    ),
    basePrice: 1500,
    durationMinutes: 480,
    materialsIncluded: false,
    warrantyDays: 0,
    includes: [t('A price per job, line by line', 'Un prix par chantier, ligne par ligne', 'سعر لكل عمل، بندًا ببند')],
    excludes: [],
    addOns: [],
  },
  {
    key: 'flat-painting-quote',
    category: 'painting',
    onQuote: true,
    name: t('Painting a whole flat (on quote)', 'Peinture d’un appartement entier (sur devis)', 'صباغة شقة كاملة (حسب عرض السعر)'),
    description: t(
      'Walls and ceilings of several rooms: describe the rooms and their state, add photos, and compare the painters\' quotes.',
      'Murs et plafonds de plusieurs pièces : décrivez les pièces et leur état, ajoutez des photos, et comparez les devis des peintres.',
      'جدران وأسقف عدة غرف: صف الغرف وحالتها، أضف صورًا، وقارن عروض أسعار الصباغين.',
    ),
    basePrice: 2000,
    durationMinutes: 480,
    materialsIncluded: false,
    warrantyDays: 30,
    includes: [t('A price per job, line by line', 'Un prix par chantier, ligne par ligne', 'سعر لكل عمل، بندًا ببند')],
    excludes: [],
    addOns: [],
  },
  {
    key: 'renovation-quote',
    category: 'handyman',
    onQuote: true,
    name: t('Small renovation (on quote)', 'Petite rénovation (sur devis)', 'ترميم صغير (حسب عرض السعر)'),
    description: t(
      'A kitchen corner, a bathroom refresh, shelves and doors: describe the work, add photos, and compare quotes.',
      'Un coin cuisine, une salle de bain à rafraîchir, des étagères et des portes : décrivez les travaux, ajoutez des photos, et comparez les devis.',
      'ركن مطبخ، تجديد حمام، رفوف وأبواب: صف الأشغال، أضف صورًا، وقارن عروض الأسعار.',
    ),
    basePrice: 1000,
    durationMinutes: 480,
    materialsIncluded: false,
    warrantyDays: 30,
    includes: [t('A price per job, line by line', 'Un prix par chantier, ligne par ligne', 'سعر لكل عمل، بندًا ببند')],
    excludes: [],
    addOns: [],
  },
];
