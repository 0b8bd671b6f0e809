"""Table des textes en français : les mêmes noms que ui/strings_en.py."""

LANG_NAME = "Français"

# titre et menu principal
TITLE_1 = "LAMA"
TITLE_2 = "console de poche"
TITLE_PRESS = "appuyez sur A"
MENU = "Menu"
GAME_DICE = "LAMA Dés"
GAME_CARDS = "L.L.A.M.A."
M_STATS = "Statistiques"
M_SETTINGS = "Réglages"
M_RULES = "Règles"
M_ABOUT = "À propos"

# pieds de page : le sens des boutons (petites capitales)
K_OK_BACK = "A:OK  B:RETOUR"
K_BACK = "B:RETOUR"
K_SCROLL = "^v:DEFILER B:RET"
K_CHANGE = "<>:CHANGER B:RET"
K_SEAT = "<>:TYPE A:NOM"
K_LETTERS = "^v:LETTRE A:OK"
K_MENU = "A:MENU"

# valeurs
ON = "oui"
OFF = "non"
YES = "oui"
NO = "non"

# réglages
SETTINGS = "Réglages"
S_CONTRAST = "Contraste"
S_SOUND = "Son"
S_FLIP = "Retourner"
S_REPEAT = "Répét."
S_LANGUAGE = "Langue"
S_TARGET = "Fin à"
S_ROUNDS = "Manches"
S_KOMARAMI = "Komarami"
LANG_NAMES = ("English", "Français")  # each language in its own words
REPEAT_SPEEDS = ("lente", "normale", "rapide")
ROUNDS_OFF = "non"

# nouvelle partie
SETUP_PLAYERS = "Joueurs"
SETUP_FIRST = "Début"
SETUP_START = "Jouer"
KIND_PERSON = "humain"
BOT_LEVELS = {"random": "hasard", "cautious": "prudent", "expert": "expert"}
NAME_PERSON = "J"  # noms par défaut : J1, J2 ... pour les humains
NAME_BOT = {"random": "HA", "cautious": "PR", "expert": "EX"}
NAME_TITLE = "Nom, place "
NAME_HELP = "<> aller  ^v lettre"

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
    "À 40 points la partie s'arrête : le moins de points gagne.",
)
RULES_CARDS = (
    "2 à 6 joueurs, 6 cartes chacun, les mains sont cachées.",
    "",
    "À ton tour : pose, pioche ou quitte.",
    "",
    "Pose une carte de même valeur que le dessus de la défausse, ou juste au-dessus : 1-2-3-4-5-6-lama, puis lama ou 1.",
    "",
    "Pioche : prends la carte du dessus (pas si la pioche est vide, ni si tu es seul dans la manche).",
    "",
    "Quitter : pose ta main face cachée.",
    "",
    "La manche s'arrête quand un joueur pose sa dernière carte ou quand tous ont quitté.",
    "",
    "Chaque nombre différent compte une fois, les lamas 10. Main vide : rends un jeton.",
    "",
    "À 40 points la partie s'arrête : le moins de points gagne.",
)

# à propos
ABOUT = "À propos"
A_VERSION = "Version"
A_BOARD = "Carte"
A_MEMORY = "Libre"
A_BYTES = "Ko"

# en attente et erreurs
NOT_YET = "Pas encore prêt"
STATS_LATER = "Les statistiques arrivent avec la sauvegarde."
GAME_LATER = "Les écrans de jeu arrivent bientôt."
ERROR = "Erreur"
ERROR_HELP = "Retour au menu."
