import type { LegalDocument } from './types';

const privacy: LegalDocument = {
  title: 'Privacy Policy',
  description:
    'How Khedma collects, uses, shares, keeps and protects your personal data, and how to exercise your rights under Moroccan Law 09-08.',
  updated: '2026-11-22',
  intro: [
    'This Privacy Policy explains which personal data Khedma collects when you use our website and mobile apps, why we collect it, who we share it with, how long we keep it and how you can exercise your rights. We process personal data in accordance with Moroccan Law 09-08 on the protection of individuals with regard to the processing of personal data.',
  ],
  sections: [
    {
      id: 'controller',
      heading: 'Who is responsible for your data',
      paragraphs: [
        'The controller of your personal data is the operator of the Khedma platform, based in Morocco. Khedma is an intermediary platform: the independent professionals you book also receive some of your data for the job, and they must use it only for that job (see section 4).',
        'For any question about your data or this policy, write to support@khedma.ma.',
      ],
    },
    {
      id: 'data-collected',
      heading: 'The data we collect',
      paragraphs: ['Depending on how you use Khedma, we collect:'],
      list: [
        'Account data: your name, email address, phone number, password (stored only in hashed form), account type and preferred language.',
        'Profile data: your photo if you add one, your city and address, and, for professionals, the services you offer, your rates, experience, availability and public profile.',
        'Booking data: the service booked, date, time, address, description of the job, price, status, cancellations, ratings and reviews.',
        'Payment data: the amounts paid, refunded and released, and the payment method type. Card and account details are entered with and handled by our payment provider; we do not store your full card number.',
        'Professional applications: your identity document (national identity card or equivalent), date of birth, proof of address, experience, and your bank details (bank name, account holder and RIB) and tax identifier where applicable, to verify you and pay you.',
        'Messages: the messages and files exchanged with the other party of a booking through the Platform, and your messages to our support team.',
        'Device and usage data: technical data such as your IP address, browser or device type, pages visited and error logs, and the cookies and similar technologies described in our Cookie Policy.',
      ],
    },
    {
      id: 'purposes',
      heading: 'Why we use your data, and on what legal basis',
      paragraphs: ['We use your data only for the following purposes:'],
      list: [
        'To create and manage your account, take and manage bookings, assign professionals, handle payments, escrow and refunds, and enable messages between customers and professionals. Basis: the performance of our contract with you.',
        'To verify professional applications, prevent fraud and keep the Platform safe, including logging access to sensitive data. Basis: our legitimate interest in a trustworthy marketplace, and our legal obligations.',
        'To send you service messages by email or SMS (confirmations, reminders, verification codes, changes to a booking). Basis: the performance of our contract with you.',
        'To keep accounting and financial records and answer lawful requests from authorities. Basis: our legal obligations.',
        'To answer your questions and complaints, and to improve our services using aggregated statistics. Basis: our legitimate interest.',
        'To use non-essential cookies or send you marketing messages. Basis: your consent, which you may withdraw at any time.',
      ],
      after: ['We do not sell your personal data, and we do not take decisions that significantly affect you based solely on automated processing, other than assigning an available professional to your booking.'],
    },
    {
      id: 'sharing',
      heading: 'Who we share your data with',
      paragraphs: ['We share your data only when needed, and only what is needed:'],
      list: [
        'The professional you book sees your first name, the address of the job and your phone number, together with the details of the booking, so that they can carry out the job. Customers see the public profile of the professional they book.',
        'Our payment provider, to process payments and refunds.',
        'Our email and SMS providers, to send you service messages.',
        'Our hosting and technical service providers, who act on our instructions and under confidentiality obligations.',
        'Public authorities, courts or other bodies, when the law requires it or to protect the rights and safety of users and of Khedma.',
      ],
      after: [
        'If one of our providers processes data outside Morocco, we ensure that the transfer complies with Law 09-08, including the authorisation of the CNDP where it is required.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep your data',
      paragraphs: ['We keep your data only as long as necessary for the purposes above, and in particular:'],
      list: [
        'Financial records (payments, refunds, payouts, invoices): 7 years, to meet our accounting and tax obligations.',
        'Records of complaints or suspected fraud: up to 10 years, to handle disputes and protect users.',
        'Booking history: anonymised after 2 years.',
        'Account data: kept one year after the account is closed, then deleted or anonymised.',
      ],
      after: ['When a retention period ends, the data is deleted or anonymised so that it can no longer identify you.'],
    },
    {
      id: 'security',
      heading: 'How we protect your data',
      paragraphs: ['We use technical and organisational measures suited to the risks, in particular:'],
      list: [
        'encryption of data in transit (HTTPS) between your device and our servers;',
        'passwords stored only in hashed form;',
        'identity documents and other application documents kept in private storage, shown only through short-lived signed links to the applicant and to the staff who review applications;',
        'access to sensitive data (documents, bank details, tax identifiers) restricted to authorised staff, masked by default, and logged;',
        'regular review of our access rights and of our providers.',
      ],
      after: ['No system is completely secure. If a breach affects your data, we will take the necessary measures and inform you and the CNDP when required.'],
    },
    {
      id: 'rights',
      heading: 'Your rights and how to exercise them',
      paragraphs: ['Under Law 09-08, you have the right to:'],
      list: [
        'access your personal data and obtain a copy of it;',
        'have inaccurate or incomplete data corrected (rectification);',
        'object, for legitimate reasons, to the processing of your data, and object at any time, free of charge, to marketing;',
        'have your data deleted when it is no longer needed, subject to the retention periods required by law;',
        'withdraw your consent at any time, for processing based on consent.',
      ],
      after: [
        'You can correct most of your data yourself in your profile. To exercise your rights, write to support@khedma.ma from the email address of your account, or enclose proof of your identity. We will answer within the time limits set by law.',
        'If you are not satisfied with our answer, you may lodge a complaint with the Commission nationale de contrôle de la protection des données à caractère personnel (CNDP), the Moroccan data protection authority.',
      ],
    },
    {
      id: 'minors',
      heading: 'Minors',
      paragraphs: [
        'Khedma is intended for people aged 18 or over. We do not knowingly collect data about minors. If you believe a minor has created an account, contact us and we will delete it.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy and contact',
      paragraphs: [
        'We may update this policy to reflect changes in our services or in the law. We will tell you of any important change by email or on the Platform before it takes effect; the date at the top of this page shows the current version.',
        'Questions or requests about your personal data: support@khedma.ma.',
      ],
    },
  ],
};

export default privacy;
