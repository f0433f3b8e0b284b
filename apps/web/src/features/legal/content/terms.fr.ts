import type { LegalDocument } from './types';

const terms: LegalDocument = {
  title: 'Conditions d’utilisation',
  description:
    'Les règles d’utilisation de Khedma : notre rôle d’intermédiaire, les réservations, les prix fixes et les frais, le paiement conservé jusqu’à la fin de la prestation, l’annulation, les remboursements et vos droits.',
  updated: '2026-11-22',
  intro: [
    'Les présentes conditions d’utilisation régissent l’utilisation du site et des applications mobiles Khedma. Nous vous invitons à les lire attentivement : elles expliquent ce que fait Khedma, ce qu’elle ne fait pas, et les règles applicables aux clients et aux professionnels.',
  ],
  sections: [
    {
      id: 'about',
      heading: 'À propos de Khedma et acceptation des conditions',
      paragraphs: [
        'Khedma est une place de marché en ligne, exploitée depuis le Maroc, qui permet aux clients de réserver à prix fixe des services à domicile et de proximité (plomberie, ménage, électricité, déménagement, petits travaux, peinture, jardinage, livraison…) auprès de professionnels indépendants vérifiés.',
        'En créant un compte, en réservant un service ou en postulant en tant que professionnel, vous acceptez les présentes conditions ainsi que notre politique de confidentialité et notre politique relative aux cookies. Si vous ne les acceptez pas, veuillez ne pas utiliser Khedma.',
        'Les présentes conditions entrent en vigueur le 22 novembre 2026. Nous pouvons les modifier ; l’article 15 explique comment nous vous en informons.',
      ],
    },
    {
      id: 'definitions',
      heading: 'Définitions',
      paragraphs: ['Dans les présentes conditions :'],
      list: [
        '« Khedma » et « nous » désignent l’exploitant de la plateforme Khedma.',
        '« Plateforme » désigne le site, les applications mobiles et les services associés de Khedma.',
        '« Client » désigne toute personne qui réserve un service par l’intermédiaire de la Plateforme.',
        '« Professionnel » désigne un prestataire indépendant dont la candidature a été approuvée et qui propose ses services sur la Plateforme.',
        '« Utilisateur » ou « vous » désigne toute personne qui utilise la Plateforme, en tant que client, professionnel ou visiteur.',
        '« Réservation » désigne une demande de service à une date, une heure et une adresse données, acceptée sur la Plateforme.',
        '« Prix de la prestation » désigne le prix fixe du service réservé, options choisies par le client comprises.',
        '« Frais de service » désigne les frais que Khedma facture au client pour l’utilisation de la Plateforme, décrits à l’article 7.',
        '« Séquestre » désigne la conservation du montant payé par le client jusqu’à son versement au professionnel ou à son remboursement, comme décrit à l’article 8.',
      ],
    },
    {
      id: 'intermediary',
      heading: 'Le rôle d’intermédiaire de Khedma',
      paragraphs: [
        'Khedma est une plateforme d’intermédiation. Nous mettons en relation des clients et des professionnels indépendants, fournissons les outils de réservation, de paiement et de messagerie, et gérons les paiements pour le compte des parties. Nous n’exécutons pas nous-mêmes les prestations.',
        'Les professionnels sont indépendants. Ils ne sont ni salariés, ni mandataires, ni représentants de Khedma, et Khedma n’est pas leur employeur. Chaque professionnel exécute la prestation en son nom, avec ses propres outils et sous sa propre responsabilité, et reste responsable de ses impôts, cotisations sociales, assurances et de toute autorisation qu’exige son métier.',
        'Le contrat relatif à la prestation est conclu entre le client et le professionnel lorsque la réservation est confirmée. Khedma n’est pas partie à ce contrat, mais fournit la Plateforme, les vérifications décrites à l’article 5, la gestion des paiements décrite à l’article 8 et l’assistance décrite à l’article 13.',
      ],
    },
    {
      id: 'accounts',
      heading: 'Comptes et conditions d’accès',
      paragraphs: [
        'Vous devez avoir au moins 18 ans et être capable de conclure un contrat pour créer un compte ou réserver un service.',
        'Vous vous engagez à fournir des informations exactes, complètes et à jour, et à les maintenir à jour. Une adresse e-mail ne peut être utilisée que pour un seul compte, et le compte est personnel : ne le partagez pas et ne laissez personne d’autre l’utiliser.',
        'Vous êtes responsable de la confidentialité de votre mot de passe et de toute action effectuée depuis votre compte. Si vous pensez qu’un tiers a utilisé votre compte, changez votre mot de passe et contactez-nous sans délai à support@khedma.ma.',
      ],
    },
    {
      id: 'professionals',
      heading: 'Professionnels : candidature, vérification et exigences',
      paragraphs: [
        'Pour proposer des services, vous devez disposer d’un compte Khedma et compléter la candidature professionnelle, notamment votre pièce d’identité, votre expérience, les services et la ville proposés, vos disponibilités et vos coordonnées bancaires (RIB) pour les versements.',
        'Nous examinons chaque candidature, généralement sous 24-48 heures. Nous pouvons vous demander des informations complémentaires et refuser une candidature incomplète, inexacte ou ne répondant pas à nos exigences. L’approbation ne crée aucune relation de travail et ne garantit aucun volume de réservations.',
        'Les professionnels approuvés s’engagent à :',
      ],
      list: [
        'exécuter personnellement chaque réservation acceptée, à l’heure, avec soin et conformément à la description et au prix fixe ;',
        'détenir les qualifications, autorisations ou assurances qu’exige leur métier ;',
        'tenir à jour leur profil, leurs services, leurs tarifs, leurs disponibilités et leurs coordonnées bancaires ;',
        'traiter les clients avec respect et protéger les données personnelles reçues pour une prestation, en ne les utilisant que pour celle-ci ;',
        'ne jamais demander à un client de payer en dehors de la Plateforme, en espèces ou autrement.',
      ],
      after: [
        'Les clients notent chaque prestation terminée de 1 à 5. Nous pouvons suspendre un professionnel dont la note reste durablement inférieure à 3/5, qui commet ou tente de commettre une fraude, ou dont le compte reste incomplet ou inexact, comme décrit à l’article 14.',
      ],
    },
    {
      id: 'bookings',
      heading: 'Réservations',
      paragraphs: [
        'Les services sont proposés à prix fixe en dirhams marocains (MAD), toutes taxes comprises. Avant de payer, vous voyez le prix de la prestation, les options éventuelles, les frais de service et le total. Le prix ne change pas après la réservation, sauf si vous convenez avec le professionnel, via la Plateforme, de modifier l’étendue de la prestation.',
        'Vous pouvez réserver un service à partir du lendemain et jusqu’à 30 jours à l’avance. Sur la page d’un professionnel, un créneau le jour même peut être proposé lorsqu’il commence au moins 2 heures plus tard.',
        'Lors de la réservation, la Plateforme attribue un professionnel approuvé qui propose le service dans votre ville et est disponible au créneau choisi, ou le professionnel que vous avez choisi. Si aucun professionnel n’est disponible, nous vous en informons et aucune réservation n’est créée. Vous recevez une confirmation avec le détail de votre réservation.',
        'Vous vous engagez à décrire fidèlement la prestation, à indiquer une adresse exacte et un numéro de téléphone joignable, et à permettre au professionnel d’accéder aux lieux en toute sécurité à l’heure convenue.',
      ],
    },
    {
      id: 'prices-fees',
      heading: 'Prix et frais',
      paragraphs: [
        'Pour chaque réservation, Khedma facture au client des frais de service de 15 % du prix de la prestation et des options, arrondis au dirham le plus proche et ajoutés au prix. Ces frais sont affichés avant le paiement, sur une ligne distincte, avec le total. Il n’y a aucuns frais cachés.',
        'Par défaut, Khedma ne prélève aucune commission sur les professionnels (0 %) : le professionnel perçoit l’intégralité du prix de la prestation de chaque réservation terminée. Si cela devait changer, nous en informerions les professionnels à l’avance, et le changement ne s’appliquerait qu’aux réservations effectuées après son entrée en vigueur.',
      ],
    },
    {
      id: 'payment-escrow',
      heading: 'Paiement et séquestre',
      paragraphs: [
        'Le paiement s’effectue en ligne au moment de la réservation, par carte bancaire, paiement bancaire numérique ou paiement mobile, via notre prestataire de paiement. Les espèces ne sont pas acceptées, et aucun paiement ne doit être remis directement au professionnel.',
        'Le montant que vous payez est conservé par Khedma pour le compte des parties et n’est pas transmis immédiatement au professionnel. Il est versé au professionnel 48 heures après que la réservation a été marquée comme terminée, sauf si un problème est signalé dans ce délai (voir l’article 13). En cas d’annulation ou de remboursement accordé, la somme qui vous revient est remboursée à partir du montant conservé.',
        'Khedma ne conserve pas votre numéro de carte complet ; les données de carte sont traitées par le prestataire de paiement.',
      ],
    },
    {
      id: 'cancellation',
      heading: 'Annulation et report',
      paragraphs: ['Le client peut annuler une réservation depuis son compte. Le coût dépend du moment de l’annulation :'],
      list: [
        'gratuite jusqu’à 24 heures avant l’heure de début ;',
        'gratuite dans les 15 minutes qui suivent la réservation, quelle que soit l’heure de début ;',
        'de 24 heures à 2 heures avant le début : des frais d’annulation de 25 % de la valeur de la prestation ;',
        'moins de 2 heures avant le début : des frais d’annulation de 50 % de la valeur de la prestation.',
      ],
      after: [
        'Les frais d’annulation reviennent au professionnel, en compensation du temps réservé. Les frais de service vous sont remboursés dans tous les cas d’annulation, et le reste du montant payé est remboursé comme décrit à l’article 10.',
        'Un professionnel ne peut pas annuler une réservation moins de 2 heures avant son début, sauf urgence vérifiée. Si un professionnel annule, vous êtes intégralement remboursé et nous nous efforçons de vous proposer un autre professionnel.',
        'Vous pouvez reporter gratuitement une réservation au moins 24 heures avant son début, à une date comprise dans la période de réservation décrite à l’article 6, sous réserve de disponibilité.',
      ],
    },
    {
      id: 'refunds',
      heading: 'Remboursements',
      paragraphs: [
        'Lorsqu’un remboursement est dû (annulation gratuite ou partielle, annulation par le professionnel ou réclamation fondée), il est effectué sur le moyen de paiement utilisé, dans un délai de 10 jours ouvrables à compter de la décision. Le délai d’affichage par votre banque ou votre prestataire de paiement peut varier.',
        'Si un remboursement ne vous est pas parvenu après 10 jours ouvrables, contactez support@khedma.ma en indiquant la référence de votre réservation.',
      ],
    },
    {
      id: 'reviews',
      heading: 'Avis et contenus',
      paragraphs: [
        'Après une prestation terminée, le client peut noter le professionnel de 1 à 5 et rédiger un avis. Les avis doivent être sincères, fondés sur une expérience réelle, et ne doivent contenir ni injures, ni données personnelles de tiers, ni propos discriminatoires, ni publicité.',
        'Vous conservez vos droits sur les contenus que vous publiez (avis, messages, photos, informations de profil). Vous autorisez Khedma à les héberger, les afficher et les utiliser gratuitement pour exploiter et promouvoir la Plateforme, tant qu’ils y figurent et dans les limites prévues par la loi.',
        'Nous pouvons retirer un contenu contraire aux présentes conditions ou à la loi. Nous ne modifions pas les avis pour en changer le sens et n’offrons aucune meilleure visibilité en échange d’avis favorables.',
      ],
    },
    {
      id: 'conduct',
      heading: 'Comportement et usages interdits',
      paragraphs: ['En utilisant Khedma, vous vous interdisez de :'],
      list: [
        'fournir de fausses informations, usurper l’identité d’autrui ou créer plusieurs comptes ;',
        'convenir ou effectuer un paiement en dehors de la Plateforme pour une prestation trouvée sur Khedma, ou demander des espèces ;',
        'harceler, menacer ou discriminer quiconque, ou adopter un comportement dangereux lors d’une prestation ;',
        'publier des contenus illicites, trompeurs ou offensants, ou les données personnelles d’autrui ;',
        'publier de faux avis, ou offrir ou accepter une contrepartie en échange d’un avis ;',
        'utiliser la Plateforme à des fins de fraude, de blanchiment ou à toute autre fin illicite ;',
        'porter atteinte à la sécurité ou au fonctionnement de la Plateforme, ou en extraire des données par des moyens automatisés sans notre autorisation.',
      ],
    },
    {
      id: 'liability',
      heading: 'Responsabilité et garanties',
      paragraphs: [
        'Garantie de satisfaction : si une prestation n’a pas été réalisée conformément à la réservation, signalez-le à l’assistance dans les 48 heures qui suivent sa fin, tant que le paiement est encore conservé. Nous examinons la réservation avec vous et le professionnel et, si votre réclamation est fondée, nous demandons au professionnel de reprendre le travail sans frais supplémentaires ou nous vous remboursons tout ou partie du montant payé. Cette garantie est un engagement de Khedma, en sa qualité d’intermédiaire, sur le traitement des réclamations et des paiements qu’elle conserve ; elle ne fait pas de Khedma le prestataire du service.',
        'Chaque professionnel est responsable des prestations qu’il réalise et de tout dommage causé à cette occasion. Khedma est responsable du fonctionnement de la Plateforme avec une diligence raisonnable, des vérifications qu’elle effectue sur les professionnels et de la gestion des paiements telle que décrite dans les présentes conditions.',
        'Dans les limites permises par la loi, Khedma n’est pas responsable des actes ou omissions des professionnels ou des clients, des dommages indirects, ni des interruptions de la Plateforme échappant à son contrôle raisonnable. Rien dans les présentes conditions ne limite une responsabilité que la loi interdit de limiter, ni les droits que vous tenez en tant que consommateur du droit marocain, notamment de la loi n° 31-08 édictant des mesures de protection du consommateur.',
      ],
    },
    {
      id: 'suspension',
      heading: 'Suspension et résiliation',
      paragraphs: [
        'Vous pouvez fermer votre compte à tout moment depuis votre profil ou en écrivant à support@khedma.ma. Les réservations déjà confirmées restent soumises aux présentes conditions, y compris aux règles d’annulation.',
        'Nous pouvons suspendre ou fermer un compte, en indiquant le motif à l’utilisateur lorsque la loi et la sécurité le permettent, notamment en cas de fraude ou de tentative de fraude, de manquement grave ou répété aux présentes conditions, d’informations de compte fausses ou incomplètes, ou, pour les professionnels, de notes durablement inférieures à 3/5. Lorsque c’est possible, nous donnons d’abord à l’utilisateur l’occasion de s’expliquer ou de régulariser sa situation.',
        'En cas de suspension d’un professionnel, les sommes dues pour les réservations déjà terminées lui sont versées, déduction faite des remboursements dus aux clients. Nous conservons certaines données après la fermeture, comme l’explique notre politique de confidentialité.',
      ],
    },
    {
      id: 'law-contact',
      heading: 'Droit applicable, modifications et contact',
      paragraphs: [
        'Les présentes conditions sont régies par le droit marocain. Les données personnelles sont traitées conformément à la loi n° 09-08 relative à la protection des personnes physiques à l’égard du traitement des données à caractère personnel, comme le décrit notre politique de confidentialité.',
        'En cas de litige, nous vous invitons à nous contacter d’abord afin de rechercher une solution amiable. À défaut, les tribunaux de Casablanca sont compétents, sans préjudice des règles permettant au consommateur de saisir le tribunal de son domicile.',
        'Nous pouvons modifier les présentes conditions, par exemple pour suivre une évolution de la loi ou de nos services. Nous vous informerons de toute modification importante par e-mail ou sur la Plateforme avant son entrée en vigueur ; la date indiquée en haut de cette page correspond à la version en vigueur.',
        'Pour toute question sur les présentes conditions : support@khedma.ma.',
      ],
    },
  ],
};

export default terms;
