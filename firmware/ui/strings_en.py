"""English string table: every word the device shows (ui/strings_fr.py has the same names)."""

LANG_NAME = "English"

# title and main menu
TITLE_1 = "LAMA"
TITLE_2 = "pocket console"
TITLE_PRESS = "press A"
MENU = "Menu"
GAME_DICE = "LAMA Dice"
GAME_CARDS = "L.L.A.M.A."
M_STATS = "Statistics"
M_SETTINGS = "Settings"
M_RULES = "Rules"
M_ABOUT = "About"

# footers: the buttons' meaning (drawn in the small capitals font)
K_OK_BACK = "A:OK  B:BACK"
K_BACK = "B:BACK"
K_SCROLL = "^v:SCROLL B:BACK"
K_CHANGE = "<>:CHANGE B:BACK"
K_SEAT = "<>:KIND A:NAME"
K_LETTERS = "^v:LETTER A:OK"
K_MENU = "A:MENU"

# values
ON = "on"
OFF = "off"
YES = "yes"
NO = "no"

# settings
SETTINGS = "Settings"
S_CONTRAST = "Contrast"
S_SOUND = "Sound"
S_FLIP = "Flip"
S_REPEAT = "Repeat"
S_LANGUAGE = "Language"
S_TARGET = "Target"
S_ROUNDS = "Rounds"
S_KOMARAMI = "Komarami"
LANG_NAMES = ("English", "Français")  # each language in its own words
REPEAT_SPEEDS = ("slow", "normal", "fast")
ROUNDS_OFF = "off"

# new-game setup
SETUP_PLAYERS = "Players"
SETUP_FIRST = "First"
SETUP_START = "Start"
KIND_PERSON = "person"
BOT_LEVELS = {"random": "random", "cautious": "cautious", "expert": "expert"}
NAME_PERSON = "P"  # default names: P1, P2 ... for people
NAME_BOT = {"random": "RN", "cautious": "CA", "expert": "EX"}
NAME_TITLE = "Name of seat "
NAME_HELP = "<> move  ^v letter"

# rules summaries (wrapped to the panel's width at run time; "" starts a new paragraph)
RULES_DICE = (
    "2 to 6 players. Each has a row of 6 cards, the llama row lies in the middle.",
    "",
    "On your turn: roll the 3 dice, or quit the round.",
    "",
    "A die that matches your row lets one card of that symbol go: discard at least one.",
    "",
    "No match: take one llama-row card shown by a die.",
    "",
    "Nothing at all: bust! You take the whole llama row and the round ends.",
    "",
    "Three llamas: return a token.",
    "",
    "Round over: each distinct number scores once, llamas 10. Empty your row to return a token.",
    "",
    "At 40 points the game ends: fewest points wins.",
)
RULES_CARDS = (
    "2 to 6 players, 6 cards each, hands are private.",
    "",
    "On your turn: play, draw or quit.",
    "",
    "Play a card of the same value as the top of the discard pile, or one more: 1-2-3-4-5-6-llama, then llama or 1.",
    "",
    "Draw: take the top card of the pile (not when it is empty, nor when you are alone in the round).",
    "",
    "Quit: lay your hand down.",
    "",
    "The round ends when someone plays their last card or all have quit.",
    "",
    "Each distinct number scores once, llamas 10. Empty your hand to return a token.",
    "",
    "At 40 points the game ends: fewest points wins.",
)

# about
ABOUT = "About"
A_VERSION = "Version"
A_BOARD = "Board"
A_MEMORY = "Free"
A_BYTES = "KB"

# placeholders and errors
NOT_YET = "Not available yet"
STATS_LATER = "Statistics come with the storage."
GAME_LATER = "Game screens come next."
ERROR = "Error"
ERROR_HELP = "Back to the menu."
