import type { LegalDocument } from './types';

const privacy: LegalDocument = {
  title: 'Politique de confidentialité',
  description:
    'Comment Khedma collecte, utilise, partage, conserve et protège vos données personnelles, et comment exercer vos droits au titre de la loi marocaine n° 09-08.',
  updated: '2026-11-22',
  intro: [
    'La présente politique de confidentialité explique quelles données personnelles Khedma collecte lorsque vous utilisez notre site et nos applications mobiles, pourquoi nous les collectons, avec qui nous les partageons, combien de temps nous les conservons et comment exercer vos droits. Nous traitons les données personnelles conformément à la loi marocaine n° 09-08 relative à la protection des personnes physiques à l’égard du traitement des données à caractère personnel.',
  ],
  sections: [
    {
      id: 'controller',
      heading: 'Le responsable du traitement',
      paragraphs: [
        'Le responsable du traitement de vos données personnelles est l’exploitant de la plateforme Khedma, établi au Maroc. Khedma est une plateforme d’intermédiation : les professionnels indépendants que vous réservez reçoivent également certaines de vos données pour la prestation, et ne doivent les utiliser que pour celle-ci (voir l’article 4).',
        'Pour toute question sur vos données ou sur la présente politique, écrivez à support@khedma.ma.',
      ],
    },
    {
      id: 'data-collected',
      heading: 'Les données que nous collectons',
      paragraphs: ['Selon votre utilisation de Khedma, nous collectons :'],
      list: [
        'Données de compte : vos nom, adresse e-mail, numéro de téléphone, mot de passe (conservé uniquement sous forme hachée), type de compte et langue préférée.',
        'Données de profil : votre photo si vous en ajoutez une, votre ville et votre adresse et, pour les professionnels, les services proposés, les tarifs, l’expérience, les disponibilités et le profil public.',
        'Données de réservation : le service réservé, la date, l’heure, l’adresse, la description de la prestation, le prix, le statut, les annulations, les notes et les avis.',
        'Données de paiement : les montants payés, remboursés et versés, et le type de moyen de paiement. Les données de carte et de compte sont saisies auprès de notre prestataire de paiement et traitées par lui ; nous ne conservons pas votre numéro de carte complet.',
        'Candidatures des professionnels : votre pièce d’identité (carte nationale d’identité ou équivalent), votre date de naissance, un justificatif de domicile, votre expérience, ainsi que vos coordonnées bancaires (banque, titulaire du compte et RIB) et votre identifiant fiscal le cas échéant, afin de vous vérifier et de vous payer.',
        'Messages : les messages et fichiers échangés avec l’autre partie d’une réservation via la Plateforme, et vos messages à notre assistance.',
        'Données techniques et d’utilisation : votre adresse IP, le type de navigateur ou d’appareil, les pages consultées et les journaux d’erreurs, ainsi que les cookies et technologies similaires décrits dans notre politique relative aux cookies.',
      ],
    },
    {
      id: 'purposes',
      heading: 'Finalités et fondements juridiques',
      paragraphs: ['Nous utilisons vos données uniquement pour les finalités suivantes :'],
      list: [
        'Créer et gérer votre compte, enregistrer et gérer les réservations, attribuer les professionnels, gérer les paiements, le séquestre et les remboursements, et permettre les échanges entre clients et professionnels. Fondement : l’exécution de notre contrat avec vous.',
        'Vérifier les candidatures des professionnels, prévenir la fraude et assurer la sécurité de la Plateforme, y compris par la journalisation des accès aux données sensibles. Fondement : notre intérêt légitime à offrir une place de marché digne de confiance, et nos obligations légales.',
        'Vous envoyer des messages de service par e-mail ou SMS (confirmations, rappels, codes de vérification, modifications d’une réservation). Fondement : l’exécution de notre contrat avec vous.',
        'Tenir nos registres comptables et financiers et répondre aux demandes légitimes des autorités. Fondement : nos obligations légales.',
        'Répondre à vos questions et réclamations, et améliorer nos services à l’aide de statistiques agrégées. Fondement : notre intérêt légitime.',
        'Utiliser des cookies non essentiels ou vous envoyer des messages commerciaux. Fondement : votre consentement, que vous pouvez retirer à tout moment.',
      ],
      after: ['Nous ne vendons pas vos données personnelles et ne prenons aucune décision vous affectant de manière significative sur le seul fondement d’un traitement automatisé, hormis l’attribution d’un professionnel disponible à votre réservation.'],
    },
    {
      id: 'sharing',
      heading: 'Avec qui nous partageons vos données',
      paragraphs: ['Nous ne partageons vos données que lorsque c’est nécessaire, et uniquement ce qui est nécessaire :'],
      list: [
        'Le professionnel que vous réservez voit votre prénom, l’adresse de la prestation et votre numéro de téléphone, ainsi que le détail de la réservation, afin de pouvoir réaliser la prestation. Les clients voient le profil public du professionnel qu’ils réservent.',
        'Notre prestataire de paiement, pour traiter les paiements et les remboursements.',
        'Nos prestataires d’envoi d’e-mails et de SMS, pour vous adresser les messages de service.',
        'Nos prestataires d’hébergement et techniques, qui agissent sur nos instructions et sont tenus à la confidentialité.',
        'Les autorités publiques, les juridictions ou d’autres organismes, lorsque la loi l’exige ou pour protéger les droits et la sécurité des utilisateurs et de Khedma.',
      ],
      after: [
        'Si l’un de nos prestataires traite des données hors du Maroc, nous veillons à ce que le transfert respecte la loi n° 09-08, y compris l’autorisation de la CNDP lorsqu’elle est requise.',
      ],
    },
    {
      id: 'retention',
      heading: 'Durée de conservation',
      paragraphs: ['Nous conservons vos données uniquement le temps nécessaire aux finalités ci-dessus, et notamment :'],
      list: [
        'Registres financiers (paiements, remboursements, versements, factures) : 7 ans, pour respecter nos obligations comptables et fiscales.',
        'Dossiers de réclamation ou de suspicion de fraude : jusqu’à 10 ans, pour traiter les litiges et protéger les utilisateurs.',
        'Historique des réservations : anonymisé après 2 ans.',
        'Données de compte : conservées un an après la fermeture du compte, puis supprimées ou anonymisées.',
      ],
      after: ['À l’issue d’une durée de conservation, les données sont supprimées ou anonymisées de sorte qu’elles ne permettent plus de vous identifier.'],
    },
    {
      id: 'security',
      heading: 'Sécurité de vos données',
      paragraphs: ['Nous mettons en œuvre des mesures techniques et organisationnelles adaptées aux risques, notamment :'],
      list: [
        'le chiffrement des données en transit (HTTPS) entre votre appareil et nos serveurs ;',
        'des mots de passe conservés uniquement sous forme hachée ;',
        'des pièces d’identité et autres documents de candidature conservés dans un stockage privé, consultables uniquement au moyen de liens signés à durée de vie courte, par le candidat et par les personnes chargées d’examiner les candidatures ;',
        'un accès aux données sensibles (documents, coordonnées bancaires, identifiants fiscaux) réservé au personnel habilité, masqué par défaut et journalisé ;',
        'une revue régulière de nos droits d’accès et de nos prestataires.',
      ],
      after: ['Aucun système n’est totalement sûr. Si une violation touche vos données, nous prendrons les mesures nécessaires et vous en informerons, ainsi que la CNDP, lorsque c’est requis.'],
    },
    {
      id: 'rights',
      heading: 'Vos droits et comment les exercer',
      paragraphs: ['Conformément à la loi n° 09-08, vous disposez du droit :'],
      list: [
        'd’accéder à vos données personnelles et d’en obtenir une copie ;',
        'de faire rectifier les données inexactes ou incomplètes ;',
        'de vous opposer, pour des motifs légitimes, au traitement de vos données, et de vous opposer à tout moment, sans frais, à la prospection commerciale ;',
        'd’obtenir la suppression de vos données lorsqu’elles ne sont plus nécessaires, sous réserve des durées de conservation imposées par la loi ;',
        'de retirer à tout moment votre consentement, pour les traitements fondés sur celui-ci.',
      ],
      after: [
        'Vous pouvez corriger vous-même la plupart de vos données depuis votre profil. Pour exercer vos droits, écrivez à support@khedma.ma depuis l’adresse e-mail de votre compte, ou joignez un justificatif d’identité. Nous vous répondrons dans les délais prévus par la loi.',
        'Si notre réponse ne vous satisfait pas, vous pouvez introduire une réclamation auprès de la Commission nationale de contrôle de la protection des données à caractère personnel (CNDP).',
      ],
    },
    {
      id: 'minors',
      heading: 'Mineurs',
      paragraphs: [
        'Khedma s’adresse aux personnes âgées de 18 ans ou plus. Nous ne collectons pas sciemment de données concernant des mineurs. Si vous pensez qu’un mineur a créé un compte, contactez-nous et nous le supprimerons.',
      ],
    },
    {
      id: 'changes',
      heading: 'Modifications de la politique et contact',
      paragraphs: [
        'Nous pouvons mettre à jour la présente politique pour tenir compte de l’évolution de nos services ou de la loi. Nous vous informerons de toute modification importante par e-mail ou sur la Plateforme avant son entrée en vigueur ; la date indiquée en haut de cette page correspond à la version en vigueur.',
        'Questions ou demandes concernant vos données personnelles : support@khedma.ma.',
      ],
    },
  ],
};

export default privacy;
