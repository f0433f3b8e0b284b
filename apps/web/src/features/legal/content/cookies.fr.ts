import type { LegalDocument } from './types';

const cookies: LegalDocument = {
  title: 'Politique relative aux cookies',
  description:
    'Les cookies et le stockage local utilisés par Khedma (uniquement essentiels à ce jour), leur finalité, la durée de votre consentement et comment modifier votre choix à tout moment.',
  updated: '2026-11-22',
  intro: [
    'La présente politique explique quels cookies et technologies similaires Khedma utilise sur son site, pourquoi, et comment vous pouvez les contrôler. Elle complète notre politique de confidentialité.',
  ],
  sections: [
    {
      id: 'what-are-cookies',
      heading: 'Qu’est-ce qu’un cookie ?',
      paragraphs: [
        'Un cookie est un petit fichier texte qu’un site enregistre dans votre navigateur et relit lors de vos visites suivantes. Des technologies similaires, comme le stockage local de votre navigateur, conservent de la même façon de petites informations sur votre appareil. Dans la présente politique, le mot « cookies » désigne les deux.',
        'Certains cookies sont indispensables au fonctionnement d’un site ; d’autres, comme les cookies de mesure d’audience ou marketing, sont facultatifs et ne peuvent être utilisés qu’avec votre consentement.',
      ],
    },
    {
      id: 'how-we-use',
      heading: 'Comment nous utilisons les cookies',
      paragraphs: [
        'Khedma utilise le moins de cookies possible. À ce jour, nous n’utilisons que des cookies et un stockage local essentiels : pour vous garder connecté, protéger votre compte et mémoriser votre langue et vos choix en matière de cookies.',
        'Nous n’utilisons pas de cookies pour établir un profil publicitaire et ne vendons aucune information collectée au moyen de cookies.',
      ],
    },
    {
      id: 'essential',
      heading: 'Cookies essentiels',
      paragraphs: [
        'Ces cookies et éléments de stockage sont nécessaires au fonctionnement et à la sécurité de la Plateforme. Ils ne requièrent pas votre consentement et ne peuvent pas être désactivés dans nos paramètres de cookies, mais vous pouvez les supprimer dans votre navigateur (voir l’article 9) : vous serez alors déconnecté et certaines fonctionnalités ne fonctionneront plus.',
      ],
      list: [
        '`khedma.session_token` (cookie ; nommé `__Secure-khedma.session_token` sur les connexions sécurisées) : vous garde connecté. Il est signé, envoyé uniquement à Khedma, illisible par les scripts de la page (HttpOnly) et non transmis lors des requêtes provenant d’autres sites (SameSite=Lax). Il dure 7 jours, est renouvelé tant que vous utilisez Khedma et est supprimé à la déconnexion.',
        'Sécurité : notre système de connexion peut déposer d’autres cookies strictement nécessaires commençant par `khedma.`, aux mêmes fins (par exemple pour protéger votre session). Ils ne servent jamais au suivi.',
        '`khedma.lang` (stockage local) : mémorise la langue choisie (anglais, français ou arabe). Il est conservé jusqu’à ce que vous changiez de langue ou effaciez les données de votre navigateur.',
        'Votre choix en matière de cookies (stockage local) : mémorise les catégories facultatives que vous avez acceptées ou refusées, et à quelle date, afin de ne pas vous redemander votre avis sur chaque page.',
      ],
    },
    {
      id: 'analytics',
      heading: 'Cookies de mesure d’audience',
      paragraphs: [
        'Les cookies de mesure d’audience nous aideraient à comprendre l’utilisation de la Plateforme (par exemple, les pages consultées) afin de l’améliorer. Ils ne sont utilisés que si vous acceptez la catégorie mesure d’audience.',
        'Aucun cookie de mesure d’audience n’est actif à ce jour. Si nous en introduisons, nous les listerons ici, avec leur fournisseur et leur durée, avant de les utiliser, et ils resteront désactivés sans votre consentement.',
      ],
    },
    {
      id: 'marketing',
      heading: 'Cookies marketing',
      paragraphs: [
        'Les cookies marketing serviraient à mesurer nos campagnes publicitaires ou à vous présenter des offres pertinentes. Ils ne sont utilisés que si vous acceptez la catégorie marketing.',
        'Aucun cookie marketing n’est actif à ce jour. Si nous en introduisons, nous les listerons ici avant de les utiliser, et ils resteront désactivés sans votre consentement.',
      ],
    },
    {
      id: 'third-parties',
      heading: 'Cookies tiers',
      paragraphs: [
        'À ce jour, Khedma ne charge aucun service tiers de publicité ou de mesure d’audience, et nos polices de caractères sont servies depuis nos propres serveurs : aucun tiers ne dépose de cookies lorsque vous parcourez nos pages.',
        'Les liens vers les réseaux sociaux et les magasins d’applications vous conduisent vers ces sites, qui ont leur propre politique relative aux cookies. Lors du paiement, l’étape de paiement peut être assurée par notre prestataire de paiement, qui peut utiliser ses propres cookies essentiels à des fins de sécurité et de prévention de la fraude, selon sa propre politique.',
      ],
    },
    {
      id: 'consent-duration',
      heading: 'Votre consentement et sa durée',
      paragraphs: [
        'Lors de votre première visite, un bandeau vous permet d’accepter tous les cookies, de n’accepter que les cookies essentiels, ou d’ouvrir les paramètres pour choisir une à une les catégories mesure d’audience et marketing. Les cookies essentiels sont toujours actifs.',
        'Votre choix est conservé pendant 6 mois. Passé ce délai, nous vous le redemandons. Nous vous le redemandons également si nous ajoutons une nouvelle catégorie ou un nouvel usage nécessitant votre consentement.',
      ],
    },
    {
      id: 'change-choice',
      heading: 'Comment modifier votre choix',
      paragraphs: [
        'Vous pouvez modifier votre choix à tout moment grâce au lien « Préférences cookies » en bas de chaque page, ou au bouton ci-dessous. Retirer votre consentement est aussi simple que de le donner, et s’applique dès ce moment.',
      ],
      action: 'cookie-settings',
    },
    {
      id: 'browser-controls',
      heading: 'Paramètres du navigateur',
      paragraphs: [
        'La plupart des navigateurs vous permettent de consulter, bloquer et supprimer les cookies et le stockage local, pour tous les sites ou pour certains d’entre eux, généralement dans leurs paramètres de confidentialité ou de sécurité. Les pages d’aide de votre navigateur expliquent comment procéder.',
        'Si vous bloquez ou supprimez les cookies essentiels, vous serez déconnecté et certaines parties de Khedma, comme la réservation ou votre tableau de bord, ne fonctionneront pas.',
      ],
    },
    {
      id: 'contact-updates',
      heading: 'Contact et mises à jour',
      paragraphs: [
        'Nous pouvons mettre à jour la présente politique, par exemple si nous ajoutons un nouveau cookie ou une nouvelle catégorie. La date indiquée en haut de cette page correspond à la version en vigueur et, si une modification nécessite votre consentement, nous vous le redemandons.',
        'Pour toute question sur les cookies ou vos données personnelles : support@khedma.ma.',
      ],
    },
  ],
};

export default cookies;
