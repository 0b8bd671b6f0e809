"""Table des textes en français : les mêmes noms que ui/text/strings_en.py."""

# titre et menu principal
TITLE_1 = "LAMA"
TITLE_2 = "console de poche"
TITLE_PRESS = "A : commencer"
TITLE_CONTROLS = "B : commandes"
MENU = "Menu"
GAME_DICE = "LAMA Dés"
GAME_CARDS = "L.L.A.M.A."
M_STATS = "Statistiques"
M_SETTINGS = "Réglages"
M_CONTROLS = "Commandes"
M_RULES = "Règles"
M_ABOUT = "À propos"

# pieds de page : le sens des boutons (police 5x7, 21 caractères au plus)
K_OK = "A:OK"
K_OK_BACK = "A:OK B:RETOUR"
K_BACK = "B:RETOUR"
K_SCROLL = "↑↓<>:DÉFILER B:RETOUR"
K_CHANGE = "<>:CHANGER B:RETOUR"
K_SEAT = "<>:TYPE A:NOM"
K_LETTERS = "↑↓:A-Z <>/A:BOUGER"
K_LETTERS_LAST = "↑↓:A-Z <>:BOUGER A:OK"
K_MENU = "A:MENU"

# la carte des commandes (ui/screens/controls.py) : après chaque touche, la croix, A, B, B en jeu, B tenu
CONTROLS = "Commandes"
CONTROLS_LINES = ("choisir", "coups", "OK, accélérer", "retour", "jeu : conseil", "tenir : menu")
CONTROLS_DOWN = "table"

# valeurs
ON = "oui"
OFF = "non"
YES = "oui"
NO = "non"

# réglages
SETTINGS = "Réglages"
S_CONTRAST = "Contraste"
S_SOUND = "Son"
S_FLIP = "À l'envers"
S_REPEAT = "Répét."
S_LANGUAGE = "Langue"
S_TARGET = "Fin à"
S_ROUNDS = "Manches"
S_KOMARAMI = "Komarami"
S_SPEED = "Rythme ord"
BOT_SPEEDS = ("lent", "normal", "rapide", "éclair")
LANG_NAMES = ("English", "Français")  # each language in its own words
REPEAT_SPEEDS = ("lente", "normale", "rapide")
ROUNDS_OFF = "non"
S_HELP = (  # un par réglage, dans l'ordre de ui.model.settings.FIELDS : deux lignes de 16 au plus
    "Luminosité de l'écran.",
    "Sons du jeu (buzzer).",
    "Image tournée à l'envers.",
    "Répétition d'une touche tenue.",
    "Langue des textes.",
    "La partie finit à ce score.",
    "Tant de manches (non : Fin à).",
    "Cartes : 7 lamas à 10 points.",
    "Rythme des coups des ordis.",
)
FLIP_Q = "À l'envers ?"
FLIP_NO = "Non"
FLIP_YES = "Oui, à l'envers"

# nouvelle partie
SETUP_PLAYERS = "Joueurs"
SETUP_FIRST = "Début"
SETUP_START = "Jouer"
KIND_PERSON = "humain"
BOT_LEVELS = {"easy": "facile", "medium": "moyen", "hard": "difficile"}
NAME_PERSON = "J"  # noms par défaut : J1, J2 ... pour les humains
NAME_TITLE = "Nom, place "

# résumés des règles (coupés à la largeur de l'écran ; "" commence un paragraphe)
RULES_DICE = (
    "2 à 6 joueurs. Chacun a une rangée de 6 cartes ; la rangée lama est au milieu.",
    "",
    "À ton tour : lance les 3 dés, ou quitte la manche.",
    "",
    "Un dé qui montre un symbole de ta rangée permet de défausser une carte de ce symbole : défausse au moins une carte.",
    "",
    "Aucune : prends une carte de la rangée lama montrée par un dé.",
    "",
    "Rien du tout : perdu ! Tu prends toute la rangée lama et la manche s'arrête.",
    "",
    "Trois lamas : rends un jeton.",
    "",
    "Fin de manche : chaque nombre différent compte une fois, les lamas 10. Rangée vide : rends un jeton.",
    "",
    "À 40 points la partie s'arrête : le moins de points gagne. Les points sont des jetons : un blanc vaut 1, un noir 10.",
    "",
    "Réglages : Fin à change les 40 ; Manches joue un nombre fixe de manches.",
    "",
    "Touches : les flèches choisissent, A valide. En jeu, B donne un conseil (ce que ferait l'expert) ; B maintenu ouvre le menu du jeu (scores, quitter). Ailleurs B revient en arrière ; B maintenu ramène au menu principal.",
)
RULES_CARDS = (
    "2 à 6 joueurs, 6 cartes chacun, les mains sont cachées.",
    "",
    "À ton tour : pose, pioche ou quitte.",
    "",
    "Pose une carte de même valeur que le dessus de la défausse, ou une de plus (le lama vient après le 6, et le 1 après le lama).",
    "",
    "Pioche : prends la carte du dessus (pas si la pioche est vide, ni si tu es seul dans la manche).",
    "",
    "Quitter : pose ta main face cachée.",
    "",
    "La manche s'arrête quand un joueur pose sa dernière carte ou quand tous ont quitté.",
    "",
    "Chaque nombre différent compte une fois, les lamas 10. Main vide : rends un jeton.",
    "",
    "À 40 points la partie s'arrête : le moins de points gagne. Les points sont des jetons : un blanc vaut 1, un noir 10.",
    "",
    "Réglages : Fin à change les 40 ; Manches joue un nombre fixe de manches ; Komarami : 7 cartes lama, chacune vaut 10.",
    "",
    "Touches : les flèches choisissent, A valide. En jeu, B donne un conseil (ce que ferait l'expert) ; B maintenu ouvre le menu du jeu (scores, quitter). Ailleurs B revient en arrière ; B maintenu ramène au menu principal.",
)

# comment jouer : proposé avant la première partie d'un humain à chaque jeu
# (ui/screens/howto.py) ; un paragraphe par page, cinq lignes de 21 au plus
HOWTO = "Comment jouer"
K_HOWTO = "A:SUITE B:PASSER"
K_HOWTO_LAST = "A:JOUER"
HOWTO_DICE = (
    "Tes cartes : sous chaque symbole, combien tu en as. Lamas : la rangée lama, à prendre.",
    "Lance les 3 dés : un dé qui montre ta carte la défausse. Sinon prends un lama. Rien : raté !",
    "Ou arrête. Les cartes gardées comptent : le moins de points gagne. B : conseil, ↑ : les coups.",
)
HOWTO_CARDS = (
    "Ta main : combien de chaque valeur. La grande carte est le dessus de la défausse.",
    "Pose la même valeur ou la suivante (\ue000 après 6, 1 après \ue000). Ou pioche, ou arrête la manche.",
    "Les cartes en main comptent : le moins de points gagne. B : conseil, ↑ : les coups.",
)

# à propos
ABOUT = "À propos"
A_VERSION = "Version"
A_BOARD = "Carte"
A_MEMORY = "Libre"
A_BYTES = "Ko"

# erreurs
ERROR = "Erreur"
ERROR_HELP = "Retour au menu."

# écrans de jeu (ui/games/dice.py, ui/games/cards.py, ui/games/base.py) : ce qu'un
# joueur doit lire (coups, notes, G_WHY...), les touches G_K_*, les en-têtes (*_HEAD*),
# G_PTS et G_PILE sont en police lisible 5x7, 21 par ligne, avec leurs accents
G_ROLL = "Lancer"
G_QUIT = "Stop"
G_DISCARD = "Défausser"
G_TAKE = "Prendre"
G_PLAY = "Pose"
G_DRAW = "Pioche"  # le bouton : le même mot que la pioche (G_PILE) et les règles
G_PTS = "pts"
G_ROUND = "MANCHE"
G_ROUND_SHORT = "M"
G_PILE = "Pioche"
G_ALONE = "SEUL : UN RATÉ PERD"
G_ROLLS = "LANCE..."
G_ROLLED = "A LANCE"
G_QUITS = "S'ARRÊTE"
G_DISCARDS = "DÉFAUSSE"
G_TAKES = "PREND"
G_PLAYS = "POSE"
G_THINKS = "RÉFLÉCHIT..."
G_TURN_OF = "AU TOUR DE %s"  # a person to play, at another console (%s: the name)
G_DRAWS = "PIOCHE"
G_BUSTS = "RATÉ AVEC"
G_THREE_LLAMAS = "\ue000\ue000\ue000 :"
G_NO_TOKEN = "AUCUN JETON"
G_NO_DRAW_EMPTY = "PIOCHE VIDE"
G_NO_DRAW_ALONE = "SEUL : PAS DE PIOCHE"
G_NO_PLAY = "AUCUNE CARTE NE VA"
G_K_A = "A:OK"
G_K_SPEED = "A:ACCÉLÉRER"
G_K_NEXT = "A:MANCHE SUIVANTE"
G_K_RESULT = "A:RÉSULTAT"
G_K_BACK = "A/B:RETOUR"
G_K_HINT_BACK = "A:RETOUR B TENU:MENU"
G_K_CONFIRM = "A:OUI B:NON"
G_K_CHOOSE = "<>:CHOIX A:OK"
G_K_READY = "A:JE L'AI"
G_NOTE_A = "APPUIE SUR A"
G_NOTE_TURN = "GAUCHE/DROITE, PUIS A"
G_NOTE_LIMIT = "PAS PLUS DE CELLES-CI"
G_NOTE_TAKE = "GAUCHE/DROITE, PUIS A"
G_NOTE_ONE = "UNE SEULE: A LA PREND"
G_NOTE_WAIT = "PAS TON TOUR"
G_NOTE_SPEED = "A : ACCÉLÉRER"  # the footer's words (G_K_SPEED)
G_NOTE_CHOOSE = "GAUCHE/DROITE, PUIS A"
G_NOTE_ILLEGAL = "PAS PERMIS MAINTENANT"
G_NOTE_CARDS = "GAUCHE/DROITE, PUIS A"
G_END_EMPTY_D = "%n A TOUT VIDÉ"
G_END_EMPTY_C = "%n A TOUT POSÉ"
G_END_BUST = "%n A TOUT PRIS"
G_END_ROW_TAKEN = "%n : LAMAS PRIS"
G_END_ALL_QUIT = "TOUS ONT ARRÊTÉ"
G_MENU = "Menu du jeu"
G_RESUME = "Reprendre"
G_HINT = "Conseil"
G_CONFIRM_1 = "Abandonner"
G_CONFIRM_2 = "la partie ?"
G_HINT_EXPERT = "Expert :"
G_HINT_THINKING = "Réflexion..."
G_HINT_NONE = "Pas ton tour."
G_GAME_OVER = "Fin de partie"
G_EV_BUST = "RATÉ !"
G_EV_OUT = "SORT !"
G_EV_ROUND = "FIN DE MANCHE"
G_WINS = "GAGNE !"
G_SHARE = "GAGNENT ENSEMBLE"
G_REMATCH = "Revanche"
G_TO_MENU = "Menu"
G_PASS_1 = "Passe l'appareil"
G_PASS_2 = "Ne regardez pas!"
G_CARDS_HEAD = "Cartes"
G_ROW_LABEL = "↑cartes"
G_LLAMA_LABEL = "lamas↓"
G_OUT = "-"
G_TABLE = "Table"
G_TABLE_HEADS = ("Nom", "Type", "Cartes", "Pts")  # "Joueur" touchait "Cartes"
G_PERSON = "humain"
G_BOT_WORDS = {"random": "hasard", "cautious": "prudent", "expert": "expert", "easy": "facile", "medium": "moyen", "hard": "difficile"}
G_LOG = "Coups"
G_LOG_NONE = "Aucun coup."
G_LOG_RESUMED = "(reprise ici)"  # les coups d'une partie reprise de sa sauvegarde
G_K_LOG = "↑↓:DÉFILER A/B:RETOUR"
G_RULES = "Règles"
G_SAVE_LEAVE = "Garder, quitter"
G_ABANDON = "Abandonner"
G_CONFIRM_3 = "Elle sera perdue."
G_END_VALUES = "Valeurs"
G_END_HEADS = ("Cartes", "Pts", "", "Total")
G_SAY_DISCARD = "HAUT/BAS: COMBIEN"
G_SAY_TAKE = "GAUCHE/DROITE: CARTE"
G_NOTE_KEEP = "AU MOINS UNE CARTE"
G_YOU_PLACED = "Tu es %p sur %n"
G_PLACES = ("1er", "2e", "3e", "4e", "5e", "6e")
G_NEW_HIGH = "Meilleur score !"
G_HIDDEN = "MAIN CACHÉE"
# G_WHY : %a et %b sont des nombres (des cartes dans clue_*) ; %s et %u un s quand %a et %b
# ne valent pas 1 ; %n le nom d'un joueur
G_WHY = {
    "roll": "%a chance%s sur 10 de défausser une carte.",
    "roll_all": "Tout lancer défausse une carte.",
    "roll_last": "%a chance%s sur 10 de vider ta rangée : un jeton rendu.",
    "quit_low": "La rangée ne vaut que %a.",
    "quit_risk": "%a chance%s sur 10 d'ajouter des cartes.",
    "quit_risk_all": "Tout lancer ajouterait des cartes.",
    "quit_race": "Quelqu'un n'a plus que %a carte%s.",
    "discard": "Reste %a point%s en %b carte%u.",
    "take": "N'ajoute que %a point%s.",
    "play": "Plus que %a carte%s après.",
    "play_same": "Même valeur : tu pourras encore poser %a de tes %b carte%u.",
    "play_up": "Un cran au-dessus : tu pourras poser %a de tes %b carte%u.",
    "play_last": "Ta dernière carte : 0 point, et un jeton rendu.",
    "draw_high": "Ta main vaut %a : trop pour t'arrêter.",
    "draw": "%a des %b cartes inconnues n'ajouteraient rien.",
    "quit_hand": "Garde tes %a point%s : %b chance%u sur 10 d'en ajouter.",
    "quit_hand_all": "Garde tes %a point%s : piocher en ajouterait.",
    "quit_forced": "Aucune carte ne va et tu ne peux pas piocher.",
    "clue_drew": "Sur un %a, %n a pioché : ni %a ni %b en main.",
    "clue_quit": "Sur un %a, %n a dit stop : ni %a ni %b en main.",
}

# sauvegarde, statistiques, reprise d'une partie (ui/model/saves.py, ui/screens/stats.py, ui/boot.py)
ST_SETTINGS = "Réglages"
ST_STATS = "Statistiques"
ST_GAME = "Partie"
ST_BAD_OLDER = "abîmé, dernière bonne copie"
ST_BAD_DEFAULTS = "abîmé, valeurs par défaut"
ST_BAD_GAME = "abîmée, mise de côté"
ST_FULL = "mémoire pleine, non sauvé"
ST_FAILED = "erreur d'écriture, non sauvé"
ST_UNREAD = "illisible pour l'instant, gardé"
ST_DROPPED = "entrées abîmées omises"
ST_NOTICE = "Mémoire"
ST_FAULT = "Relancé après panne."
CONTINUE_Q = "Reprendre ?"
CONTINUE_LINKED_Q = "Reprendre en lien ?"
CONTINUE_KEYS = "A : oui  B : non"
DISCARD_Q = "Effacer partie ?"
DISCARD_NO = "Non, la garder"
DISCARD_YES = "Oui, l'effacer"
CONTINUE_ROUND = "Manche"
SAVED_Q = "Partie en cours"
SAVED_CONTINUE = "La reprendre"
SAVED_OVER = "Recommencer"
SEAT_Q = "Joueur inconnu"
SEAT_PLAY = "Niveau"
SEAT_ASIDE = "Mettre de côté"
SEAT_UNKNOWN = "inconnu de cette console."
SEAT_KIND = "type"
SEAT_CONSOLE = "console"
K_SEAT_Q = "<>:NIVEAU A:OK"
K_STATS = "<>:PAGE A:EFFACER"
STATS_TITLES = ("Parties et vict.", "Meilleur, moyen", "Gagnants humains", "Totaux")  # 8x8
STATS_WINS_COLS = ("Nom", "Parties", "Victoires")
STATS_SCORES_COLS = ("Nom", "Meilleur", "Moyenne")
STATS_HIGH_COLS = ("#", "Nom", "Pts", "Joueurs")
STATS_NONE = "Aucune partie."
STATS_NO_WINS = "Aucun humain n'a gagné."
STATS_WINS_ONLY = "Seuls comptent les humains."
STATS_GAMES = "Parties"
STATS_ROUNDS = "Manches"
STATS_EMPTIED = "Vidées"
RESET_Q = "Effacer stats ?"
RESET_NO = "Non, les garder"
RESET_YES = "Oui, effacer"
RESET_DONE = "Statistiques effacées."

# une partie en lien (ui/screens/link.py, ui/games/panel_link_lost.py)
M_LINK = "Partie en lien"
LINK_HOST = "Héberger"
LINK_JOIN = "Rejoindre"
LINK_NO_PORT = "Pas de port de lien"
LINK_YOUR_NAME = "Ton nom"
LINK_LINKED = "Reliées"
LINK_NONE = "Aucune console"
LINK_SEARCHING = "Cherche un hôte"
LINK_WAIT_HOST = "L'hôte prépare"
LINK_HOST_LOST = "HÔTE PERDU: ATTENDS"
LINK_KIND = "relié"
LINK_SAME = "UNE PLACE PAR CONSOLE"
LINK_GONE = "Console de %n perdue"
LINK_WAIT = "Attendre"
LINK_BOT = "Ordi"
LINK_END = "Finir la partie"

# the battery (ui/screens/battery_note.py)
BAT_LOW = "Batterie faible"
BAT_EMPTY = "Batterie vide : partie enregistrée"
BAT_FLAT = "Batterie vide"
