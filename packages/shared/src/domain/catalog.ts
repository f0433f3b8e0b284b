import type { Locale } from './constants';

/**
 * Service categories (docs/catalog.md). The slug is the key everywhere: the categories table, URLs
 * (/services/{category}) and service_types.category. Cities are data, not code (see the seed).
 */
export const CATEGORIES = [
  'plumbing',
  'cleaning',
  'moving',
  'electrical',
  'handyman',
  'painting',
  'gardening',
  'delivery',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const isCategory = (value: unknown): value is Category =>
  typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);

/** A text in the three interface languages. */
export type LocalizedText = Record<Locale, string>;

export interface CategoryInfo {
  slug: Category;
  name: LocalizedText;
  /** Icon name (lucide). */
  icon: string;
  sortOrder: number;
}

export const CATEGORY_INFO: Readonly<Record<Category, CategoryInfo>> = {
  plumbing: {
    slug: 'plumbing',
    name: { en: 'Plumbing', fr: 'Plomberie', ar: 'الترصيص' },
    icon: 'wrench',
    sortOrder: 1,
  },
  cleaning: {
    slug: 'cleaning',
    name: { en: 'Cleaning', fr: 'Ménage', ar: 'التنظيف' },
    icon: 'sparkles',
    sortOrder: 2,
  },
  moving: {
    slug: 'moving',
    name: { en: 'Moving', fr: 'Déménagement', ar: 'نقل الأثاث' },
    icon: 'truck',
    sortOrder: 3,
  },
  electrical: {
    slug: 'electrical',
    name: { en: 'Electrical', fr: 'Électricité', ar: 'الكهرباء' },
    icon: 'zap',
    sortOrder: 4,
  },
  handyman: {
    slug: 'handyman',
    name: { en: 'Handyman', fr: 'Petits travaux', ar: 'إصلاحات منزلية' },
    icon: 'hammer',
    sortOrder: 5,
  },
  painting: {
    slug: 'painting',
    name: { en: 'Painting', fr: 'Peinture', ar: 'الصباغة' },
    icon: 'paintbrush',
    sortOrder: 6,
  },
  gardening: {
    slug: 'gardening',
    name: { en: 'Gardening', fr: 'Jardinage', ar: 'البستنة' },
    icon: 'flower',
    sortOrder: 7,
  },
  delivery: {
    slug: 'delivery',
    name: { en: 'Delivery', fr: 'Livraison', ar: 'التوصيل' },
    icon: 'package',
    sortOrder: 8,
  },
};

/** Sample prices of docs/catalog.md (MAD), the reference for catalogue base prices. */
export const SAMPLE_PRICES: Readonly<Partial<Record<Category, number>>> = {
  cleaning: 200,
  plumbing: 150,
  electrical: 300,
  handyman: 180,
  moving: 250,
  gardening: 120,
};

/** docs/catalog.md calls gardening "garden" in places; accept both when reading a URL or filter. */
export const CATEGORY_ALIASES: Readonly<Record<string, Category>> = { garden: 'gardening' };

/** One entry of service_types.includes / excludes. */
export type LocalizedListItem = LocalizedText;
