import { describe, expect, it } from 'vitest';
import type { ServiceTypeSummary } from '@khedma/shared';
import { cheapestByCategory, SAMPLE_CATEGORIES } from './samples';

const service = (id: string, category: ServiceTypeSummary['category'], basePrice: number): ServiceTypeSummary => ({
  id,
  category,
  basePrice,
  name: { en: id, fr: id, ar: id },
  description: { en: '', fr: '', ar: '' },
  estimatedDurationMinutes: 60,
  imageUrl: null,
  materialsIncluded: false,
  warrantyDays: 0,
  onQuote: false,
});

describe('pricing samples', () => {
  it('are the six categories of SPEC §9', () => {
    expect([...SAMPLE_CATEGORIES].sort()).toEqual(['cleaning', 'electrical', 'gardening', 'handyman', 'moving', 'plumbing']);
  });

  it('take the cheapest service of each category, whatever the order', () => {
    const result = cheapestByCategory([service('a', 'plumbing', 200), service('b', 'plumbing', 150), service('c', 'cleaning', 300)]);
    expect(result.get('plumbing')?.id).toBe('b');
    expect(result.get('cleaning')?.basePrice).toBe(300);
    expect(result.has('moving')).toBe(false);
  });
});
