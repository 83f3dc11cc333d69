# Guichet — textes français (langue par défaut).

## Cadre
menu = Menu
back-to-lobby = ‹ Accueil
language-switch = English
history = Historique
rules = Règles
trial-credit = + { $amount } d'essai
trial-balance = Solde d'essai
trial-end = Terminer l'essai
trial-band = Partie d'essai — sans argent · les gains sont fictifs
balance = Solde

## Accueil
lobby-title = Choisissez votre jeu
lobby-subtitle = Quatre jeux instantanés. Chaque bloc de parties contient un nombre exact de lots.
tile-label = Jouer à { $game }
tile-price = { $price } la partie
tile-price-range = De { $low } à { $high } la partie
tile-top-prize = Jusqu’à { $prize }
tile-waiting = Partie en cours
tile-play = Jouer
tile-try = Essayer
tile-try-label = Essayer { $game } sans argent

## Historique
history-title = Historique
history-empty = Aucune partie pour l’instant.
history-choose-game = Choisir un jeu
history-earlier = Parties précédentes
history-last = Dernière partie
history-replay = Revoir
history-resume = Reprendre
history-unfinished = En cours
history-lost = Perdu
history-won = Gagné { $prize }
history-stake = Mise { $stake }

## Vérifier une partie
history-check = Vérifier cette partie
history-check-row = Vérifier
history-check-row-label = Vérifier la partie { $game } du { $time }
check-unit-title = Vérifier cette partie
check-unit-which = { $game } · mise { $stake } · partie n° { $unit } du { $time }
check-unit-back = Retour à l’historique
check-unit-holds = Tout concorde : cette partie était bien celle que le bloc lui réservait.
check-unit-waits = { $left ->
    [1] Vérifiable à la clôture de son bloc : encore 1 partie à vendre.
   *[other] Vérifiable à la clôture de son bloc : encore { $left } parties à vendre.
}
check-unit-fails = Une vérification échoue : signalez cette partie à l’exploitant.
check-unit-commitment = Engagement du bloc { $block }, publié le { $time }, avant sa première vente
check-unit-seed = Graine du bloc, publiée à sa clôture le { $time }
check-unit-no-seed = La graine de ce bloc sera publiée à sa clôture.
check-unit-line-commitment-waits = À la clôture : le SHA-256 de la graine publiée devra donner cet engagement.
check-unit-line-tier-waits = À la clôture : la permutation du bloc dira le lot du rang { $index }, qui devra être celui payé ({ $paid }).
check-unit-line-stream-waits = À la clôture : le flux de cette partie devra tirer le jeu montré.
check-unit-line-commitment = Le SHA-256 de la graine publiée donne l’engagement publié.
check-unit-line-tier = La permutation du bloc donne au rang { $index } le lot n° { $tier }, { $prize } ; payé : { $paid }.
check-unit-line-no-tier = La permutation du bloc donne au rang { $index } une partie sans gain ; payé : { $paid }.
check-unit-line-stream = Le jeu montré est celui que tire le flux de cette partie.
check-unit-line-other-generators = Le jeu montré a été tiré par une autre version du programme : vérifiez-le avec verifier/verify.py.
check-unit-line-pays = Selon le règlement, ce jeu paie { $pays } ; payé : { $paid }.
check-unit-line-legal = Le jeu montré respecte le règlement.
check-unit-line-illegal = Le jeu montré enfreint le règlement : { $reason }
check-unit-yourself = Chacun peut refaire ces calculs hors de la borne : la partie exportée de l’historique, la graine et l’engagement suffisent (verifier/verify.py).

## Résultats
result-lost = Pas de gain cette fois
result-stake-back = Mise remboursée
result-won = Vous gagnez { $prize }

## Messages
notice-unit-unfinished = Une partie n’est pas terminée : terminez-la avant d’en acheter une autre. Elle vous attend, résultat déjà fixé.
notice-at-the-desk = Sur ce réseau de bornes, l’argent, les limites et les pauses se règlent au guichet de l’opérateur.
notice-played-elsewhere = Cette partie est en cours sur un autre écran de ce kiosque ; elle pourra être reprise ici quand il sera fermé. Rien n’a été perdu.
notice-moved-on = Cette partie a avancé ailleurs : elle est affichée telle qu’elle est enregistrée. Rien n’a été perdu.
notice-sales-suspended = La vente est suspendue : la clé des blocs de parties est introuvable. Votre solde et vos parties sont intacts ; appelez l’exploitant.
notice-balance-ceiling = Le solde ne peut pas dépasser { $max } par des crédits.
notice-deposit-too-large = Un crédit ne peut pas dépasser { $max }.
notice-balance-unreadable = Le solde ne peut pas être lu pour l’instant. { $reason }
notice-units-unreadable = La partie en cours ne peut pas être lue pour l’instant. { $reason }
notice-session-unreadable = Le bilan de la session ne peut pas être lu pour l’instant. { $reason }
notice-protection-unreadable = Vos limites et votre réponse d’âge ne peuvent pas être lues pour l’instant : le jeu reste fermé. { $reason }
notice-protection-unknown = Vos limites et votre réponse d’âge n’ont pas pu être lues : le jeu reste fermé pour l’instant. Rien n’a été débité.
notice-settings-unreadable = Les réglages de la borne ne peuvent pas être lus : elle suit ses réglages d’origine. { $reason }
notice-dismiss = OK
notice-insufficient-funds = Solde insuffisant : { $balance } pour une mise de { $stake }. Aucune partie n’a été achetée.
notice-locked = La base de données est occupée par un autre programme. Rien n’a été perdu ; réessayez dans un instant.
warning-exposed-database = La base de données { $path } est ouverte aux autres utilisateurs (droits { $mode }) : rendez-la privée (chmod go-rwx).
warning-exposed-folder = Le dossier de la base de données { $path } est ouvert aux autres utilisateurs (droits { $mode }) : rendez-le privé (chmod go-rwx).
warning-exposed-key-store = Le dossier des clés { $path } est ouvert aux autres utilisateurs (droits { $mode }) : rendez-le privé (chmod go-rwx).
warning-exposed-seal-key = La clé de scellement { $path } est ouverte aux autres utilisateurs (droits { $mode }) : rendez-la privée (chmod go-rwx).
warning-legacy-key-unused = Une clé de scellement est à côté de la base ({ $path }), mais cette borne lit ses clés dans les identifiants de systemd : installez-la ainsi, puis retirez-la.
warning-legacy-key-other = { $path } n’est pas la clé de scellement de cette base ({ $kept }) : elle ne sert pas ; retirez-la.
warning-tally-rebuilt = Le registre { $path } était endommagé : il a été reconstruit d’après la base.
warning-tally-unwritten = Le registre à côté de { $path } n’a pas pu être écrit : { $reason }
notice-store-damaged = La base de données de la borne ne peut pas être lue comme il faut : rien n’a été écrit ni perdu. Appelez l’exploitant.
notice-store-read-only = La base de données de la borne ne peut pas être écrite : rien n’a été écrit ni perdu. Appelez l’exploitant.
notice-store-gone = Le fichier de la borne a été déplacé, remplacé ou ne s’ouvre plus : plus rien n’est écrit, rien n’est perdu. Appelez l’exploitant.
notice-store-forged = Le fichier de la borne a été modifié sans sa clé : plus rien n’est écrit. Appelez l’exploitant.
notice-clock-behind = L’horloge de la borne est en retard sur sa dernière opération : rien n’a été écrit. Appelez l’exploitant.
notice-not-positive = Le montant doit être supérieur à zéro.
notice-not-adult = Aucune mise sans la réponse « 18 ans ou plus » enregistrée : adressez-vous au guichet.
notice-card-format = Un numéro de carte a de 1 à 32 lettres, chiffres ou tirets.
notice-card-taken = La carte { $card } est déjà celle d’un joueur.
notice-no-reason = Une opération de l’exploitant demande un motif.
notice-pin-hash = Le code n’a pas pu être vérifié : rien n’a été changé. Appelez l’exploitant.
notice-pin-format = Le code de l’exploitant a de { $min } à { $max } chiffres.
notice-player-pin-format = Le code d’une carte a de { $min } à { $max } chiffres.
notice-no-such-unit = Cette partie est introuvable sur cette borne.
notice-entropy = Un nouveau bloc de parties ne peut pas être ouvert : le système ne fournit pas de hasard. Rien n’a été débité ; appelez l’exploitant.
notice-kiosk-refused = Le réseau ne reconnaît pas cette borne : appelez l’exploitant.
notice-network = Le réseau ne répond pas : rien n’a été perdu ; réessayez dans un instant.
notice-insufficient-balance = Impossible de retirer { $amount } : le solde est de { $balance }.
notice-limit-out-of-range = Une limite sur 7 jours est supérieure à zéro et d’au plus { $max }.
notice-exclusion-out-of-range = Une pause dure de 1 à { $max } jours.
notice-closing-refused = Le réseau refuse la clôture n° { $counter } : il en a reçu une autre sous ce numéro, le fichier de la borne n’est pas celui qui l’a faite. Appelez l’exploitant.

## Règles
rules-title = Règles — { $game }
rules-already-won = Les lots sont tirés d’un bloc de parties au nombre exact de lots. Certains lots du bloc en cours ont peut-être déjà été gagnés : le tableau indique ceux qui restent, un lot comptant comme gagné une fois sa partie terminée. Le secret de chaque bloc est engagé (empreinte publiée) avant sa première vente et révélé quand il est épuisé.
rules-paytable = Lots — { $stake } la partie
rules-block-not-open = Blocs de { $units } parties.
rules-block = Bloc en cours n° { $number } : { $played ->
    [0] aucune partie jouée
    [1] une partie jouée
   *[other] { $played } parties jouées
} sur { $units }.
rules-block-selling = Bloc en cours n° { $number }, de { $units } parties.
rules-commitment = Engagement du bloc n° { $number }, publié le { $time } : { $hash }
rules-next-commitment = Bloc suivant n° { $number }, engagement publié le { $time } : { $hash }
rules-column-lots = Lots par bloc
rules-column-prize = Montant
rules-column-left = Restants
rules-column-made-of = Grille 1 + Grille 2
rules-total = { $lots } lots, { $paid } par bloc — taux de retour { $rtp }
rules-blackjack =
    Après « Jouer », découvrez dans l’ordre de votre choix les quatre zones : vos trois jeux (Gain 1, Gain 2, Gain 3) et la carte cachée de la Banque. « Auto » les découvre toutes.
    Chaque jeu est une paire de cartes dont le total va de 13 à 21, avec une somme sous son tas de jetons. V, D et R valent 10 ; l’As vaut 11.
    La Banque totalise de 17 à 20. Un jeu dont le total est supérieur à celui de la Banque gagne sa somme ; un 21 la double.
    Les gains de plusieurs jeux s’additionnent en un seul lot.
rules-x10 =
    Découvrez les trois Numéros gagnants (diamants) et vos neuf numéros (liasses de billets), dans l’ordre de votre choix, ou tout d’un coup avec « Auto ».
    Jeu 1 : un multiplicateur x1, x2, x5 ou x10 sous une liasse gagne la somme associée multipliée par ce coefficient.
    Jeu 2 : un de vos numéros identique à un Numéro gagnant gagne la somme associée.
    Tous les gains s’additionnent en un seul lot.
rules-star-fortune =
    Choisissez votre mise (0,50 €, 1 € ou 2 €), puis un palet parmi les trois ; il tombe à travers les clous.
    Sur une case de gains, il gagne la somme inscrite (0 € ne gagne rien). Dans une case BONUS, appuyez sur « GO » pour découvrir la somme gagnée.
    Un second palet suit, choisi de même. Les deux résultats s’additionnent en un seul lot.
    Le résultat ne dépend pas du palet choisi.
rules-bingo =
    Tirez quinze boules de la sphère puis découvrez les trois boules Bonus ; leurs numéros sont marqués sur les deux grilles. Le Joker compte comme marqué.
    Grille 1 : les quatre coins 2 €, une diagonale 20 €, les deux diagonales 100 €.
    Grille 2 : une ligne 4 €, deux lignes 40 €, trois lignes 1 000 €, la grille pleine 10 000 €. Les colonnes ne comptent pas.
    Sur chaque grille, seule la meilleure combinaison compte ; les deux grilles s’additionnent.
bingo-corners = 4 coins
bingo-one-diagonal = 1 diagonale
bingo-two-diagonals = 2 diagonales
bingo-full-grid = grille pleine
bingo-rows = { $rows ->
    [1] 1 ligne
   *[other] { $rows } lignes
}

## Reprise
resume-title = Une partie n’est pas terminée
resume-explanation = Elle a été achetée et son résultat est déjà fixé ; reprenez-la là où elle s’est arrêtée.
resume-bought = Achetée le { $time }
resume-action = Reprendre la partie

## Base de données
store-problem-is-not-a-file = Le chemin donné n’est pas un fichier de base de données.
store-problem-not-a-file = Indiquez le fichier de la base de données (option --db), puis relancez Guichet.
store-problem-is-forbidden = Guichet n’a pas le droit de lire ce fichier.
store-problem-cannot-open = La base de données ne peut pas être ouverte à cet endroit.
store-problem-is-replaced = Le fichier de la base de données a été remplacé ou supprimé pendant que Guichet fonctionnait.
store-problem-replaced = Rien de plus n’y a été écrit. Relancez Guichet ; si le fichier a été déplacé, remettez-le en place.
store-problem-is-rolled-back = La base de données a perdu des ventes enregistrées (son fichier -wal a sans doute été supprimé).
store-problem-rolled-back = Remettez le fichier -wal ou la dernière sauvegarde ; Guichet ne revendra pas des parties déjà vendues.
store-problem-is-key = La clé des blocs de parties ne peut pas être lue.
store-problem-key = Appelez l’exploitant : la clé est gardée hors du dossier de la base (identifiant systemd du kiosque installé, sinon ~/.config/guichet/keys).
store-problem-is-read-only-folder = Le dossier de la base de données est en lecture seule.
store-problem-read-only-folder = Guichet doit pouvoir écrire dans ce dossier (son journal s’y trouve). Vérifiez ses droits, puis relancez Guichet.
store-problem-is-gone = La base de données a disparu : son relevé (.tally) est encore là.
store-problem-gone = Remettez le fichier de la base en place ; Guichet n’en crée pas un nouveau, qui revendrait des parties déjà vendues.
store-problem-is-log-replaced = Le journal de la base (fichier -wal) a été supprimé ou remplacé pendant que Guichet fonctionnait.
store-problem-log-replaced = Rien de plus n’y est écrit. Appelez l’exploitant, puis relancez Guichet.
store-problem-is-clock = L’horloge de la borne est en retard sur le dernier enregistrement : l’heure est fausse.
store-problem-clock = Rien n’a été écrit. Appelez l’exploitant pour remettre l’horloge à l’heure, puis relancez Guichet.
store-problem-is-forged = Un enregistrement de la base a été écrit ou modifié sans sa clé : le fichier a été falsifié.
store-problem-forged = La borne ne vend rien sur ce fichier. Appelez l’exploitant : « guichet verify » désigne chaque enregistrement modifié.
store-problem-is-side-file = Un fichier compagnon de la base (relevé, bail ou clé) n’est pas un vrai fichier de Guichet.
store-problem-side-file = Appelez l’exploitant : ce fichier doit être un fichier ordinaire de l’utilisateur du kiosque, pas un lien.
store-problem-is-old = La base de données a un schéma ancien.
store-problem-old = Appelez l’exploitant : il la met à jour avec « guichet migrate », qui en garde une copie.
store-problem-kept = Les parties et l’argent déjà enregistrés sont gardés : rien n’est perdu.
store-problem-title = Le compte ne peut pas être ouvert
store-problem-title-stopped = La borne s’est arrêtée
store-problem-is-locked = La base de données est verrouillée par un autre programme.
store-problem-is-read-only = La base de données est en lecture seule.
store-problem-is-newer = La base de données a été écrite par une version plus récente de Guichet.
store-problem-is-foreign = Ce fichier n’est pas une base de données de Guichet.
store-problem-is-damaged = La base de données est endommagée.
store-problem-is-unreachable = La base de données du réseau ne répond pas.
store-problem-unreachable = Vérifiez que la borne est reliée au réseau, puis relancez Guichet ; sinon, appelez l’exploitant.
store-problem-is-unknown-kiosk = Le réseau ne reconnaît pas cette borne : son nom ou son secret ne convient pas.
store-problem-unknown-kiosk = Appelez l’exploitant : il ajoute la borne au réseau (guichet network kiosk) et lui donne son secret.
store-problem-detail = Détail pour l’exploitant
out-of-service-title = Borne hors service — logiciel non vérifié
out-of-service-is-changed = Le programme de cette borne n’est pas celui de la version publiée : il a été modifié.
out-of-service-is-unlisted = Le programme de cette borne n’a pas son manifeste signé : rien ne garantit qu’il est celui de la version publiée.
out-of-service-is-unsigned = Le manifeste du programme n’est pas signé par la clé de la version publiée.
out-of-service-is-other-version = Le manifeste installé est celui d’une autre version que le programme.
out-of-service-nothing-sold = La borne ne vend rien. Les parties et l’argent déjà enregistrés sont gardés : rien n’est perdu.
out-of-service-advice = Appelez l’exploitant : il faut réinstaller le paquet signé de Guichet, puis relancer la borne.
operator-software-verified = Logiciel vérifié · SHA-256 { $digest }
operator-software-development = Logiciel non vérifié (build de développement)
store-problem-untouched = Le fichier n’a pas été modifié : rien n’est perdu.
store-problem-locked = Un autre programme utilise la base de données. Fermez-le, puis relancez Guichet.
store-problem-read-only = Guichet doit pouvoir écrire dans ce fichier. Vérifiez ses droits, puis relancez Guichet.
store-problem-newer = Ce fichier vient d’une version plus récente de Guichet. Installez cette version.
store-problem-damaged = Appelez l’exploitant : il faut restaurer la dernière sauvegarde de ce fichier.

## Tables
stake = Mise
play = Jouer { $price }
auto = Auto
go = GO
star-fortune-invite = Choisissez la mise, puis « Jouer { $price } » : deux palets à lâcher à travers les étoiles.
star-fortune-tap = Touchez un palet ; s’il tombe dans une case BONUS, touchez « GO ».
star-fortune-drop = { $number ->
    [1] 1er palet
   *[other] { $number }e palet
}
star-fortune-later = À suivre
star-fortune-choose = Choisissez un palet
star-fortune-falling = Le palet tombe…
star-fortune-bonus = BONUS
star-fortune-puck-label = Palet { $number }: le lâcher
star-fortune-place-label = Emplacement { $number }: { $amount }
star-fortune-case-label = Case BONUS { $number }: { $state }
star-fortune-case-empty = vide
star-fortune-case-caught = touchez GO
balance-short = Solde insuffisant : ajoutez du crédit.
x10-winning-numbers = Numéros gagnants
x10-your-numbers = Vos numéros
bingo-bonus-balls = Boules Bonus

## Black Jack
blackjack-bank = Banque
blackjack-bank-hidden = Carte cachée de la Banque
blackjack-your-hands = Vos jeux
blackjack-hand = Gain { $number }
blackjack-twenty-one = 21 · ×2
blackjack-doubled = { $amount } × 2 = { $paid }
blackjack-invite = Appuyez sur « Jouer { $price } » : trois jeux contre la Banque.
blackjack-tap = Touchez vos jeux et la carte cachée de la Banque pour les découvrir.
blackjack-auto = Découverte automatique…

## X10
x10-invite = Appuyez sur « Jouer { $price } » : trois numéros gagnants et neuf liasses de billets à découvrir.
x10-tap = Touchez les diamants et les liasses pour les découvrir, dans l’ordre de votre choix.
x10-auto = Découverte automatique…
x10-hidden = caché
x10-diamond-label = Numéros gagnants { $number }: { $state }
x10-bundle-label = Vos numéros { $number }: { $state }
x10-multiplied = { $amount } × { $coefficient } = { $paid }

## Bingo
bingo-invite = Appuyez sur « Jouer { $price } » : quinze boules et trois boules Bonus pour remplir vos deux grilles.
bingo-tap = Touchez la sphère pour tirer chaque boule, puis les trois boules Bonus.
bingo-auto = Tirage automatique…
bingo-hidden = cachée
bingo-bonus-label = Boule Bonus { $number }: { $state }
bingo-sphere-label = Sphère: { $drawn ->
    [0] aucune boule tirée
    [1] une boule tirée
   *[other] { $drawn } boules tirées
} sur 15
bingo-drawn-label = Boule { $number }: { $ball }
bingo-grid-title = Grille { $number }
bingo-sphere-last = { $sphere }, la dernière : { $ball }
bingo-joker = Joker
bingo-marked = marqué
bingo-unmarked = non marqué
bingo-cell-label = Grille { $grid }, ligne { $row }, colonne { $column }: { $value }, { $state }
bingo-entry-label = Grille { $grid }, { $name }: { $amount }{ $state ->
    [best] , gagné
    [replaced] , remplacé par mieux
   *[open] {""}
}

## Jeu responsable
limits = Limites
session-label = Session
session-time = { $minutes } min
session-hours = { $hours } h { $minutes }
age-title = Jeu réservé aux majeurs
age-explanation = La loi interdit la vente de jeux d’argent aux mineurs. Avez-vous 18 ans ou plus ?
age-yes = Oui, j’ai 18 ans ou plus
age-no = Non
age-refused-banner = Le jeu est réservé aux personnes majeures : il est désactivé sur cette borne.
age-ask-again = J’ai 18 ans ou plus
tile-closed = Fermé
limits-title = Vos limites de jeu
limits-explanation = Fixez ce que vous pouvez déposer et miser sur 7 jours glissants. Une baisse s’applique tout de suite ; une hausse seulement 48 heures après.
limits-first = Fixez vos deux limites avant votre premier crédit ou votre première mise.
limits-deposit = Dépôts sur 7 jours
limits-stake = Mises sur 7 jours
limits-not-set = Pas encore fixée
limits-current = Limite : { $limit } · reste { $left } cette semaine
limits-pending = Hausse à { $amount } le { $date }
limits-less = Moins
limits-more = Plus
limits-save = Enregistrer mes limites
limits-saved = Vos limites sont enregistrées.
limits-saved-pending = Vos limites sont enregistrées. Une hausse prendra effet le { $date }.
limits-pause = Faire une pause
exclusion-title = Faire une pause
exclusion-explanation = Pendant une pause, vous ne pourrez ni miser ni créditer votre compte. Vous pourrez toujours retirer votre solde. Une pause ne peut pas être écourtée.
exclusion-choose = Durée de la pause
exclusion-days = { $days ->
    [1] 24 heures
    [365] 1 an
   *[other] { $days } jours
}
exclusion-confirm = Confirmer la pause de { $duration }
exclusion-choose-first = Choisissez d’abord une durée
exclusion-until = Pause de jeu jusqu’au { $date }.
exclusion-banner = Pause de jeu jusqu’au { $date } : ni mise ni crédit d’ici là.
reality-title = Point sur votre session
reality-played = Vous jouez depuis { $duration }.
reality-net = Bilan de la session : { $net }
reality-continue = Continuer
reality-stop = Arrêter
notice-no-limits = Fixez d’abord vos limites de dépôt et de mise sur 7 jours. Rien n’a été débité.
notice-deposit-limit = Ce crédit de { $amount } dépasserait votre limite de dépôts sur 7 jours ({ $limit }) : il reste { $left }.
notice-stake-limit = Cette mise de { $amount } dépasserait votre limite de mises sur 7 jours ({ $limit }) : il reste { $left }.
notice-limit-frees = { $message } Possible à partir du { $date }. Rien n’a été débité.
notice-limit-never = { $message } Ce montant dépasse la limite elle-même. Rien n’a été débité.
notice-excluded = Vous avez choisi une pause jusqu’au { $date } : pas de mise ni de crédit d’ici là. Rien n’a été débité.
notice-under-age = Le jeu est réservé aux personnes majeures.
sound-on = Activer le son
sound-off = Couper le son
attract-touch = Touchez pour jouer
pin-choose = Choisissez le code opérateur
pin-again = Tapez le code une seconde fois
pin-enter = Code opérateur
pin-digits = De { $min } à { $max } chiffres.
pin-wrong = Code erroné. { $left ->
    [1] Encore 1 essai avant le blocage.
   *[other] Encore { $left } essais avant le blocage.
}
pin-locked = Trop d’essais : menu bloqué jusqu’au { $date }.
pin-mismatch = Les deux codes diffèrent. Recommencez.
pin-erase = Effacer
pin-confirm = Valider
operator-title = Menu opérateur
operator-on-the-network = Cette borne joue sur un réseau : l’argent des joueurs, les ventes et les blocs sont ceux du réseau. L’opérateur du réseau les lit : guichet network meters, blocks et closings, et guichet verify.
operator-leave = Quitter le menu
operator-tab-credits = Crédits
operator-tab-meters = Compteurs
operator-tab-blocks = Blocs
operator-tab-charts = Graphiques
operator-tab-recall = Rappel
operator-tab-events = Journal
operator-tab-closings = Clôtures
operator-tab-settings = Réglages
operator-balance = Solde du compte : { $balance }
operator-reason = Motif
operator-reason-hint = Motif de l’opération
operator-reason-needed = Une carte connue et un motif sont nécessaires pour toute opération.
operator-reason-cash = Espèces reçues
operator-reason-payout = Gain payé en espèces
operator-reason-correction = Correction
operator-reason-day-end = Relève de fin de journée
operator-reason-cash-change = Changement de caisse
operator-cash-in = Encaisser { $amount }
operator-cash-out = Payer { $amount }
operator-cashed-in = { $amount } encaissés.
operator-paid-out = { $amount } payés.
operator-cash-in-kind = Encaissement
operator-cash-out-kind = Paiement
operator-last-movements = Derniers mouvements
operator-when = Quand
operator-what = Quoi
operator-detail = Détail
operator-game = Jeu
operator-stake = Mise
operator-units = Parties
operator-staked = Misé
operator-paid = Payé
operator-closings-explained = Chaque jour d’activité est clôturé au premier enregistrement du jour suivant (et le mois, et l’année) : totaux signés, à garder hors de la borne.
operator-closing-make = Clôturer maintenant
operator-closing-export = Exporter la dernière clôture
operator-closing-folder = Les exports vont sur « { $folder } ».
operator-closing-no-folder = Aucune clé USB trouvée : branchez-en une pour exporter.
operator-closings-none = Aucune clôture pour l’instant.
operator-closing-number = N°
operator-closing-period = Période
operator-closing-day = Journée du { $label }
operator-closing-month = Mois { $label }
operator-closing-year = Année { $label }
operator-closing-demand = À la demande
operator-closing-made = Clôture n° { $counter } faite.
operator-closing-exported = Clôture n° { $counter } exportée : { $file }
operator-closing-export-failed = L’export a échoué : { $reason }
operator-rtp = Taux de retour
operator-rtp-table = Taux du règlement
operator-meters-installed = Depuis l’installation (jamais remis à zéro)
operator-meters-never-reset = Depuis la dernière remise à zéro (aucune à ce jour)
operator-meters-since = Depuis la remise à zéro du { $date } ({ $reason })
operator-meters-reset-explained = Une remise à zéro ne supprime rien : elle note l’heure et le motif, et les compteurs repartent de là. Les compteurs depuis l’installation restent.
operator-meters-reset = Remettre à zéro
operator-meters-entries = { $count ->
    [0] aucune opération
    [one] { $count } opération
   *[other] { $count } opérations
}
operator-keys-trial = Les clés de cette base sont dans un dossier de l’utilisateur (~/.config/guichet/keys ou --keys) : c’est un mode d’essai et de démonstration. Un kiosque installé les garde en identifiants systemd, chiffrés par la machine.
operator-verify = Vérifier la base
operator-verify-clean = Vérification faite : aucune anomalie.
operator-verify-findings = { $count ->
    [1] Vérification faite : 1 anomalie.
   *[other] Vérification faite : { $count } anomalies.
}
operator-block-none = Aucun bloc en vente : le suivant est engagé, son empreinte publiée, avant sa première partie.
operator-block-selling = Bloc n° { $number } : { $sold ->
    [one] { $sold } partie vendue
   *[other] { $sold } parties vendues
} sur { $size }, reste { $left }.
operator-block-lots = Lots restants, par gain
operator-blocks-past = Blocs terminés, graines publiées
operator-blocks-past-none = Aucun bloc terminé.
operator-block-number = Bloc
operator-block-closed = Fermé le
operator-block-seed = Graine (ou motif d’annulation)
operator-chart-rtp = Taux de retour au fil des parties, face au taux du règlement
operator-chart-tiers = Gains payés par rang, face au tableau du règlement
operator-chart-won = Gagnés
operator-chart-expected = Selon le tableau
operator-chart-empty = Aucune partie terminée pour ce jeu.
operator-recall-explained = Les 10 dernières parties de cette borne, à rejouer pas à pas.
operator-recall-none = Aucune partie encore.
operator-recall-unit = bloc { $block }, n° { $index }
operator-recall-unfinished = en cours
operator-recall-replay = Rejouer la partie { $unit }
recall-strip = RAPPEL — partie { $unit } du { $date }, rejouée pas à pas
recall-back = Retour au rappel
replay-strip = RAPPEL — votre partie { $unit } du { $date }, rejouée pas à pas
replay-back = ‹ Historique
replay-under-way = Rappel de votre partie, telle qu’elle a été jouée…
result-coming = Le résultat s’affiche…
recall-export = Exporter l’animation
operator-recall-recording = Enregistrement du rappel de la partie { $unit }…
operator-recall-exported = Rappel exporté : { $file }
settings-language = Langue de la borne
settings-sound = Son
settings-on = Oui
settings-off = Non
settings-volume = Volume { $volume } %
settings-idle = Retour à l’accueil sans action après
settings-minutes = { $minutes } min
settings-attract = Animation d’accueil
settings-exit-explained = Fermer la borne : l’écran revient au système. Une partie en cours reste à reprendre.
settings-exit = Fermer la borne
journal-pin-set = Code d’exploitant choisi
journal-pin-changed = Code d’exploitant changé
journal-menu-opened = Menu de l’exploitant ouvert
journal-closed = L’exploitant a fermé la borne
journal-verified = Vérifiée : rien à signaler
journal-findings = Vérifiée : { $count ->
    [one] 1 constat
   *[other] { $count } constats
}
journal-pin-wrong = Code erroné ({ $wrong } sur { $most })
journal-locked = { $tries } codes erronés : menu bloqué jusqu’au { $date }
journal-card = Carte { $card }
journal-card-locked = Carte { $card } : { $tries } codes erronés, bloquée jusqu’au { $date }
journal-taken-up = Partie { $unit } reprise
event-error = Erreur
event-resume = Reprise
event-pin-set = Code choisi
event-pin-right = Accès opérateur
event-pin-wrong = Code erroné
event-lockout = Blocage
event-cash-in = Encaissement
event-cash-out = Paiement
event-meter-reset = Remise à zéro
event-setting = Réglage
event-verify = Vérification
event-exit = Fermeture
event-clock-jump = Saut de l’horloge
event-player-added = Nouveau joueur
event-player-pin-set = Code joueur choisi
event-player-pin-right = Connexion d’un joueur
event-player-pin-wrong = Code joueur erroné
event-player-lockout = Carte bloquée
event-sign-out = Déconnexion d’un joueur

## Se connecter (borne d’un réseau)
sign-in = Se connecter
sign-out = Se déconnecter
signed-in-card = Carte { $card }
sign-in-card = Votre numéro de carte
sign-in-card-hint = Tapez-le, ou présentez la carte au lecteur.
sign-in-pin = Code de la carte { $card }
sign-in-pin-hint = De { $min } à { $max } chiffres.
sign-in-next = Suivant
sign-in-confirm = Valider
sign-in-other-card = ‹ Autre carte
sign-in-wrong = Code erroné. { $left ->
    [1] Encore 1 essai avant le blocage de la carte.
   *[other] Encore { $left } essais avant le blocage de la carte.
}
sign-in-locked = Trop d’essais : carte bloquée jusqu’au { $date }.
sign-in-unknown = Carte inconnue, ou sans code : adressez-vous au guichet.
sign-in-session-ended = Votre session est terminée : reconnectez-vous.

## Mise en garde (arrêté du 29 juillet 2022 : le texte ne peut pas être modifié)
legal-warning = Les jeux d'argent et de hasard peuvent être dangereux : pertes d'argent, conflits familiaux, addiction… Retrouvez nos conseils sur joueurs-info-service.fr (09 74 75 13 13 - appel non surtaxé)
legal-minors = Jeu interdit aux mineurs

# Nouveau joueur, la session d'un joueur
new-player = Nouveau joueur
new-player-title = Nouveau joueur : jeu réservé aux majeurs
new-player-minor = Aucun compte n’a été ouvert. Vous pouvez regarder les jeux et leurs règles.
new-player-back = Retour à l’accueil
new-player-pin = Choisissez votre code secret
new-player-again = Tapez encore votre code secret
new-player-mismatch = Les deux codes diffèrent : choisissez-le à nouveau.
new-player-your-card = Votre numéro de carte
new-player-note-it = Notez-le : il vous sera demandé, avec votre code, à chaque connexion.
new-player-limits = Fixer mes limites de jeu
still-there-title = Êtes-vous toujours là ?
still-there-explained = Sans réponse, vous serez déconnecté dans { $seconds } s.
still-there-yes = Je suis là
settings-reality = Point sur la session toutes les
operator-players = Joueurs (leurs limites et pauses sont les leurs : elles se voient, ne se changent pas ici)
operator-players-card = Carte
operator-players-balance = Solde
operator-players-deposit = Dépôts / 7 j
operator-players-stake = Mises / 7 j
operator-players-used = { $used } sur { $limit }
operator-players-used-unlimited = { $used } (sans limite)
operator-players-break = Pause jusqu’au
operator-card = Carte du joueur
operator-card-hint = numéro
operator-card-unknown = Choisissez la carte d’un joueur.
operator-choose-card = n° { $card }

## Rappel enregistré (guichet replay)
replay-caption = RAPPEL · borne { $kiosk } · partie n° { $unit } du { $time }
reconnecting-title = Le réseau ne répond pas, nouvel essai…
reconnecting-kept = Rien n’est perdu : votre argent et votre partie sont gardés sur le réseau.
reconnecting-explanation = La borne réessaie toute seule et reprend votre partie là où elle s’est arrêtée.
reconnecting-next = Nouvel essai dans { $seconds } s (essais déjà faits : { $tries })
reconnecting-now = Réessayer maintenant
