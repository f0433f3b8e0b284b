import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { ButtonLink } from '../../../components/ui/button';
import { ChipGroup } from '../../../components/ui/chips';
import { PageIntro } from '../../../components/ui/page-intro';
import { FAQ_QUESTIONS, FAQ_TOPICS, type FaqTopic } from '../questions';

type Filter = FaqTopic | 'all';

/**
 * /faq (docs/public-site.md FAQ): topic chips (All Questions and five topics), twelve questions in an accordion
 * (Radix: buttons with aria-expanded, arrow keys move between questions), and a link to /contact.
 */
export function FaqPage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('site');
  const [filter, setFilter] = useState<Filter>('all');
  const questions = FAQ_QUESTIONS.filter((q) => filter === 'all' || q.topic === filter);
  const options = [
    { value: 'all' as const, label: ts('faq.all') },
    ...FAQ_TOPICS.map((topic) => ({ value: topic, label: ts(`faq.${topic}`) })),
  ];

  return (
    <>
      <Seo title={t('pages.faq.title')} description={ts('faq.description')} />
      <PageIntro title={t('pages.faq.title')} lead={t('pages.faq.lead')} />

      <div className="container-page max-w-4xl py-10 md:py-14">
        <ChipGroup label={ts('faq.chipsLabel')} options={options} value={filter} onChange={setFilter} />

        <section aria-labelledby="faq-questions" className="mt-8">
          <h2 id="faq-questions" className="sr-only">
            {ts('faq.questionsHeading')}
          </h2>
          <Accordion.Root type="multiple" className="divide-y divide-sand-200 overflow-hidden rounded-card border border-sand-200 bg-white">
            {questions.map(({ n }) => (
              <Accordion.Item key={n} value={`q${n}`}>
                <Accordion.Header asChild>
                  <h3>
                    <Accordion.Trigger className="group flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-start text-base font-semibold hover:bg-sand-50 focus-visible:outline-offset-[-3px]">
                      {ts(`faq.q${n}`)}
                      <ChevronDown
                        aria-hidden="true"
                        className="size-5 shrink-0 text-ink-muted transition-transform duration-200 group-data-[state=open]:rotate-180"
                      />
                    </Accordion.Trigger>
                  </h3>
                </Accordion.Header>
                <Accordion.Content className="px-5 pb-5 text-ink-muted">{ts(`faq.a${n}`)}</Accordion.Content>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </section>

        <section aria-labelledby="faq-more" className="mt-10 flex flex-col items-start gap-4 rounded-card bg-primary-50 p-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="faq-more" className="text-xl font-semibold">
              {ts('faq.moreTitle')}
            </h2>
            <p className="mt-1 text-ink-muted">{ts('faq.moreBody')}</p>
          </div>
          <ButtonLink to={paths.contact()}>
            <MessageCircle aria-hidden="true" className="size-5" />
            {ts('faq.moreButton')}
          </ButtonLink>
        </section>
      </div>
    </>
  );
}
