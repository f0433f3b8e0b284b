/** FAQ topics (docs/public-site.md FAQ) and the twelve questions of docs/public-site.md, each under one topic. */
export const FAQ_TOPICS = ['booking', 'services', 'payments', 'trust', 'general'] as const;
export type FaqTopic = (typeof FAQ_TOPICS)[number];

export const FAQ_QUESTIONS = [
  { n: 1, topic: 'booking' },
  { n: 2, topic: 'booking' },
  { n: 3, topic: 'booking' },
  { n: 4, topic: 'booking' },
  { n: 5, topic: 'services' },
  { n: 6, topic: 'services' },
  { n: 7, topic: 'payments' },
  { n: 8, topic: 'payments' },
  { n: 9, topic: 'payments' },
  { n: 10, topic: 'trust' },
  { n: 11, topic: 'trust' },
  { n: 12, topic: 'general' },
] as const satisfies ReadonlyArray<{ n: number; topic: FaqTopic }>;

export type FaqNumber = (typeof FAQ_QUESTIONS)[number]['n'];
