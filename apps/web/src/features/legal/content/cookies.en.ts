import type { LegalDocument } from './types';

const cookies: LegalDocument = {
  title: 'Cookie Policy',
  description:
    'Which cookies and local storage Khedma uses (only essential ones today), why, how long your consent lasts, and how to change your choice at any time.',
  updated: '2026-11-22',
  intro: [
    'This Cookie Policy explains which cookies and similar technologies Khedma uses on its website, why, and how you can control them. It complements our Privacy Policy.',
  ],
  sections: [
    {
      id: 'what-are-cookies',
      heading: 'What cookies are',
      paragraphs: [
        'A cookie is a small text file that a website stores in your browser and reads back on later visits. Similar technologies, such as your browser\'s local storage, keep small pieces of information on your device in the same way. In this policy, "cookies" covers both.',
        'Some cookies are essential for a website to work; others, such as analytics or marketing cookies, are optional and may only be used with your consent.',
      ],
    },
    {
      id: 'how-we-use',
      heading: 'How we use cookies',
      paragraphs: [
        'Khedma uses cookies as little as possible. Today we use only essential cookies and local storage: to keep you signed in, to protect your account, and to remember your language and your cookie choices.',
        'We do not use cookies to build an advertising profile of you, and we do not sell any information collected through cookies.',
      ],
    },
    {
      id: 'essential',
      heading: 'Essential cookies',
      paragraphs: [
        'These cookies and storage items are necessary for the Platform to work and to keep it secure. They do not need your consent and cannot be switched off in our cookie settings, but you can delete them in your browser (see section 9), in which case you will be signed out and some features will not work.',
      ],
      list: [
        '`khedma.session_token` (cookie; named `__Secure-khedma.session_token` on secure connections): keeps you signed in. It is signed, sent only to Khedma, not readable by scripts on the page (HttpOnly) and not sent with requests from other websites (SameSite=Lax). It lasts 7 days, is renewed while you use Khedma and is deleted when you log out.',
        'Security: our sign-in system may set other strictly necessary cookies starting with `khedma.` for the same purposes (for example to protect your session). They are never used for tracking.',
        '`khedma.lang` (local storage): remembers the language you chose (English, French or Arabic). It stays until you change the language or clear your browser data.',
        'Your cookie consent choice (local storage): remembers which optional categories you accepted or refused, and when, so that we do not ask you on every page.',
      ],
    },
    {
      id: 'analytics',
      heading: 'Analytics cookies',
      paragraphs: [
        'Analytics cookies would help us understand how the Platform is used (for example, which pages are visited) so that we can improve it. They are used only if you accept the "Analytics" category.',
        'No analytics cookies are active today. If we introduce them, we will list them here, with their provider and duration, before using them, and they will stay off unless you give your consent.',
      ],
    },
    {
      id: 'marketing',
      heading: 'Marketing cookies',
      paragraphs: [
        'Marketing cookies would be used to measure our advertising campaigns or show you relevant offers. They are used only if you accept the "Marketing" category.',
        'No marketing cookies are active today. If we introduce them, we will list them here before using them, and they will stay off unless you give your consent.',
      ],
    },
    {
      id: 'third-parties',
      heading: 'Third-party cookies',
      paragraphs: [
        'Khedma does not load third-party advertising or analytics services today, and our fonts are served from our own servers, so no third party sets cookies when you browse our pages.',
        'Links to social networks and app stores take you to those websites, which have their own cookie policies. When you pay, the payment step may be handled by our payment provider, which may use its own essential cookies for security and fraud prevention, under its own policy.',
      ],
    },
    {
      id: 'consent-duration',
      heading: 'Your consent and how long it lasts',
      paragraphs: [
        'On your first visit, a banner lets you choose: "Accept All", "Essential Only", or open the settings to choose the Analytics and Marketing categories one by one. Essential cookies are always on.',
        'Your choice is kept for 6 months. After that, we ask you again. We also ask you again if we add a new category or a new use that needs your consent.',
      ],
    },
    {
      id: 'change-choice',
      heading: 'How to change your choice',
      paragraphs: [
        'You can change your choice at any time with the "Cookie Preferences" link in the footer of every page, or with the button below. Withdrawing your consent is as easy as giving it, and it applies from then on.',
      ],
      action: 'cookie-settings',
    },
    {
      id: 'browser-controls',
      heading: 'Browser controls',
      paragraphs: [
        'Most browsers let you see, block and delete cookies and local storage, for all websites or for some of them, usually in their privacy or security settings. The help pages of your browser explain how.',
        'If you block or delete essential cookies, you will be signed out and some parts of Khedma, such as booking or your dashboard, will not work.',
      ],
    },
    {
      id: 'contact-updates',
      heading: 'Contact and updates',
      paragraphs: [
        'We may update this policy, for example if we add a new cookie or category. The date at the top of this page shows the current version, and if a change needs your consent, we ask for it again.',
        'Questions about cookies or your personal data: support@khedma.ma.',
      ],
    },
  ],
};

export default cookies;
