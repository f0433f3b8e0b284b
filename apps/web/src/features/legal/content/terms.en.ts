import type { LegalDocument } from './types';

const terms: LegalDocument = {
  title: 'Terms of Service',
  description:
    'The rules for using Khedma: our role as an intermediary, bookings, fixed prices and fees, payment held until the job is done, cancellation, refunds and your rights.',
  updated: '2026-11-22',
  intro: [
    'These Terms of Service govern your use of the Khedma website and mobile apps. Please read them carefully: they explain what Khedma does, what it does not do, and the rules that apply to customers and professionals.',
  ],
  sections: [
    {
      id: 'about',
      heading: 'About Khedma and acceptance of these Terms',
      paragraphs: [
        'Khedma is an online marketplace, operated from Morocco, that lets customers book fixed-price home and local services (such as plumbing, cleaning, electrical work, moving, handyman work, painting, gardening and delivery) from vetted independent professionals.',
        'By creating an account, booking a service or applying as a professional, you accept these Terms and our Privacy Policy and Cookie Policy. If you do not accept them, please do not use Khedma.',
        'These Terms take effect on 22 November 2026. We may update them; section 15 explains how we tell you.',
      ],
    },
    {
      id: 'definitions',
      heading: 'Definitions',
      paragraphs: ['In these Terms:'],
      list: [
        '"Khedma", "we" and "us" mean the operator of the Khedma platform.',
        '"Platform" means the Khedma website, mobile apps and related services.',
        '"Customer" means a person who books a service through the Platform.',
        '"Professional" means an independent service provider whose application has been approved and who offers services through the Platform.',
        '"User" or "you" means any person who uses the Platform, whether as a customer, a professional or a visitor.',
        '"Booking" means a request for a service at a given date, time and address, accepted on the Platform.',
        '"Service price" means the fixed price of the booked service, including any add-ons chosen by the customer.',
        '"Service fee" means the fee Khedma charges the customer for using the Platform, described in section 7.',
        '"Escrow" means the holding of the amount paid by the customer until it is released to the professional or refunded, as described in section 8.',
      ],
    },
    {
      id: 'intermediary',
      heading: "Khedma's role as an intermediary",
      paragraphs: [
        'Khedma is an intermediary platform. We connect customers with independent professionals, provide the booking, payment and messaging tools, and handle payments on behalf of the parties. We do not perform the services ourselves.',
        'Professionals are independent. They are not employees, agents or representatives of Khedma, and Khedma is not their employer. Each professional carries out the service in their own name, with their own tools and under their own responsibility, and remains responsible for their own taxes, social contributions, insurance and any licence their trade requires.',
        'The contract for the service itself is formed between the customer and the professional when a booking is confirmed. Khedma is not a party to that contract, but it provides the Platform, the checks described in section 5, the payment handling described in section 8 and the support described in section 13.',
      ],
    },
    {
      id: 'accounts',
      heading: 'Accounts and eligibility',
      paragraphs: [
        'You must be at least 18 years old and able to enter into a binding contract to create an account or book a service.',
        'You agree to give accurate, complete and up-to-date information, and to keep it up to date. Each email address may be used for only one account, and an account is personal: do not share it or let anyone else use it.',
        'You are responsible for keeping your password secret and for everything done through your account. If you think someone else has used your account, change your password and contact us at once at support@khedma.ma.',
      ],
    },
    {
      id: 'professionals',
      heading: 'Professionals: application, verification and standards',
      paragraphs: [
        'To offer services, you must have a Khedma account and complete the professional application, including your identity document, your experience, the services and city you offer, your availability and your bank details (RIB) for payouts.',
        'We verify each application, usually within 24-48 hours. We may ask for more information, and we may refuse an application that is incomplete, inaccurate or does not meet our standards. Approval does not create an employment relationship or guarantee any volume of bookings.',
        'Approved professionals agree to:',
      ],
      list: [
        'perform each accepted booking personally, on time, with care and in line with the description and the fixed price;',
        'hold any qualification, licence or insurance that their trade requires;',
        'keep their profile, services, prices, availability and bank details accurate;',
        'treat customers with respect and protect the personal data they receive for a job, using it only for that job;',
        'never ask a customer to pay outside the Platform, in cash or otherwise.',
      ],
      after: [
        'Customers rate each completed booking from 1 to 5. We may suspend a professional whose rating is consistently below 3/5, who commits or attempts fraud, or whose account remains incomplete or inaccurate, as described in section 14.',
      ],
    },
    {
      id: 'bookings',
      heading: 'Bookings',
      paragraphs: [
        'Services are offered at fixed prices in Moroccan dirhams (MAD), including all taxes. Before you pay, you see the service price, any add-ons, the service fee and the total. The price does not change after booking, unless you and the professional agree through the Platform to change the scope of the job.',
        'You can book a service from the next day up to 30 days ahead. On a professional\'s own page, a same-day slot may be offered when it starts at least 2 hours later.',
        'When you book, the Platform assigns an approved professional who offers the service in your city and is available at the chosen time, or the professional you chose. If no professional is available, we tell you and no booking is made. You receive a confirmation with the details of your booking.',
        'You agree to give an accurate description of the job, a correct address and a reachable phone number, and to give the professional safe access at the agreed time.',
      ],
    },
    {
      id: 'prices-fees',
      heading: 'Prices and fees',
      paragraphs: [
        'For each booking, Khedma charges the customer a service fee of 15% of the service price plus add-ons, rounded to the nearest whole dirham and added on top. The fee is shown before you pay, as a separate line, together with the total. There are no hidden fees.',
        'By default, Khedma takes no commission from professionals (0%): the professional receives the full service price of each completed booking. If we ever change this, we will tell professionals in advance, and the change will apply only to bookings made after it takes effect.',
      ],
    },
    {
      id: 'payment-escrow',
      heading: 'Payment and escrow',
      paragraphs: [
        'Payment is made online at the time of booking, by bank card, bank digital payment or mobile payment, through our payment provider. Cash is not accepted, and no payment should be made directly to the professional.',
        'The amount you pay is held by Khedma on behalf of the parties and is not passed to the professional straight away. It is released to the professional 48 hours after the booking is marked as completed, unless a problem is reported in that time (see section 13). If a booking is cancelled or a refund is granted, the amount due back to you is refunded from the amount held.',
        'Khedma does not store your full card number; card details are handled by the payment provider.',
      ],
    },
    {
      id: 'cancellation',
      heading: 'Cancellation and rescheduling',
      paragraphs: ['A customer may cancel a booking from their account. The cost depends on when you cancel:'],
      list: [
        'free of charge up to 24 hours before the start time;',
        'free of charge within 15 minutes after booking, whatever the start time;',
        'from 24 hours to 2 hours before the start: a cancellation fee of 25% of the service value;',
        'less than 2 hours before the start: a cancellation fee of 50% of the service value.',
      ],
      after: [
        'The cancellation fee goes to the professional, to compensate for the reserved time. The service fee is refunded in every case of cancellation, and the rest of the amount paid is refunded as described in section 10.',
        'A professional cannot cancel a booking less than 2 hours before its start, except in a verified emergency. If a professional cancels, you are refunded in full, and we try to offer you another professional.',
        'You can reschedule a booking free of charge at least 24 hours before its start, to a date within the booking period described in section 6, subject to availability.',
      ],
    },
    {
      id: 'refunds',
      heading: 'Refunds',
      paragraphs: [
        'When a refund is due (a free or partial cancellation, a cancellation by the professional, or a justified complaint), it is made to the payment method you used, within 10 business days of the decision. The time your bank or payment provider takes to show the amount may vary.',
        'If a refund has not reached you after 10 business days, contact support@khedma.ma with your booking reference.',
      ],
    },
    {
      id: 'reviews',
      heading: 'Reviews and content',
      paragraphs: [
        'After a completed booking, the customer may rate the professional from 1 to 5 and write a review. Reviews must be honest, based on a real experience, and must not contain insults, personal data of others, discriminatory remarks or advertising.',
        'You keep the rights in the content you post (reviews, messages, photos, profile information). You allow Khedma to host, display and use it, free of charge, to operate and promote the Platform, for as long as it is on the Platform and as the law allows.',
        'We may remove content that breaks these Terms or the law. We do not edit reviews to change their meaning, and we do not offer better placement in exchange for good reviews.',
      ],
    },
    {
      id: 'conduct',
      heading: 'Conduct and prohibited uses',
      paragraphs: ['When you use Khedma, you must not:'],
      list: [
        'give false information, impersonate someone or create more than one account;',
        'arrange or make payment outside the Platform for a job found on Khedma, or ask for cash;',
        'harass, threaten or discriminate against any person, or behave dangerously at a job;',
        'post unlawful, misleading or offensive content, or someone else\'s personal data;',
        'post fake reviews, or offer or accept anything in exchange for a review;',
        'use the Platform for fraud, money laundering or any unlawful purpose;',
        'interfere with the security or operation of the Platform, or collect data from it by automated means without our permission.',
      ],
    },
    {
      id: 'liability',
      heading: 'Liability and guarantees',
      paragraphs: [
        'Satisfaction guarantee: if a service was not carried out as booked, tell us through support within 48 hours after completion, while the payment is still held. We review the booking with you and the professional and, where your complaint is justified, we arrange for the professional to put the work right at no extra cost or we refund all or part of the amount paid. This guarantee is a commitment by Khedma, as an intermediary, on how it handles complaints and the payments it holds; it does not make Khedma the provider of the service.',
        'Each professional is responsible for the services they perform and for any damage they cause while performing them. Khedma is responsible for running the Platform with reasonable care, for the checks it carries out on professionals and for handling payments as described in these Terms.',
        'To the extent permitted by law, Khedma is not liable for the acts or omissions of professionals or customers, for indirect losses, or for interruptions of the Platform that are outside our reasonable control. Nothing in these Terms limits liability that cannot be limited by law, or the rights you have as a consumer under Moroccan law, including Law 31-08 on consumer protection.',
      ],
    },
    {
      id: 'suspension',
      heading: 'Suspension and termination',
      paragraphs: [
        'You may close your account at any time from your profile or by writing to support@khedma.ma. Bookings already confirmed remain subject to these Terms, including the cancellation rules.',
        'We may suspend or close an account, after telling the user the reason where the law and security allow, in particular in case of fraud or attempted fraud, a serious or repeated breach of these Terms, false or incomplete account information, or, for professionals, ratings consistently below 3/5. Where possible, we first give the user a chance to explain or put things right.',
        'If a professional is suspended, amounts due for bookings already completed are paid, less any refunds due to customers. We keep some data after closure, as explained in our Privacy Policy.',
      ],
    },
    {
      id: 'law-contact',
      heading: 'Governing law, changes and contact',
      paragraphs: [
        'These Terms are governed by Moroccan law. Personal data is processed in accordance with Law 09-08 on the protection of individuals with regard to the processing of personal data, as described in our Privacy Policy.',
        'If a dispute arises, please contact us first: we will try to find an amicable solution. Failing that, the courts of Casablanca have jurisdiction, without prejudice to the rules that allow a consumer to bring a claim before the court of their place of residence.',
        'We may change these Terms, for example to follow a change in the law or in our services. We will tell you of any important change by email or on the Platform before it takes effect; the date at the top of this page shows the current version.',
        'Questions about these Terms: support@khedma.ma.',
      ],
    },
  ],
};

export default terms;
