"""English string table: every word the device shows (ui/text/strings_fr.py has the same names)."""

# title and main menu
TITLE_1 = "LAMA"
TITLE_2 = "pocket console"
TITLE_PRESS = "A: start"
TITLE_CONTROLS = "B: controls"
MENU = "Menu"
GAME_DICE = "LAMA Dice"
GAME_CARDS = "L.L.A.M.A."
M_STATS = "Statistics"
M_SETTINGS = "Settings"
M_CONTROLS = "Controls"
M_RULES = "Rules"
M_ABOUT = "About"

# footers: the buttons' meaning (the 5x7 font, 21 characters at most)
K_OK = "A:OK"
K_OK_BACK = "A:OK B:BACK"
K_BACK = "B:BACK"
K_SCROLL = "↑↓<>:SCROLL B:BACK"
K_CHANGE = "<>:CHANGE B:BACK"
K_SEAT = "<>:KIND A:NAME"
K_LETTERS = "↑↓:A-Z <>/A:MOVE"  # the name editor; A goes to the next letter...
K_LETTERS_LAST = "↑↓:A-Z <>:MOVE A:OK"  # ... and on the last one confirms
K_MENU = "A:MENU"

# the controls card (ui/screens/controls.py): after a key cap each, the pad, A, B, B in a game, B held
CONTROLS = "Controls"
CONTROLS_LINES = ("choose, move", "moves", "OK, speed up", "back", "in game: hint", "hold: menu")
CONTROLS_DOWN = "table"  # after the DOWN cap on the UP row (in a game: UP the moves, DOWN the table)

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
S_SPEED = "CPU pace"
BOT_SPEEDS = ("slow", "normal", "fast", "instant")
LANG_NAMES = ("English", "Français")  # each language in its own words
REPEAT_SPEEDS = ("slow", "normal", "fast")
ROUNDS_OFF = "off"
S_HELP = (  # one per setting, in ui.model.settings.FIELDS order: two lines of 16 at most
    "How bright the panel is.",
    "Sounds of the games (buzzer).",
    "Picture turned upside down.",
    "How fast a held key repeats.",
    "Language of the words shown.",
    "Game ends at this many points",
    "This many rounds (off: to Target)",
    "Cards: 7 llamas, each scores 10.",
    "Pace of computer players' moves.",
)
FLIP_Q = "Turn picture?"
FLIP_NO = "No"
FLIP_YES = "Yes, turn it"

# new-game setup
SETUP_PLAYERS = "Players"
SETUP_FIRST = "First"
SETUP_START = "Start"
KIND_PERSON = "person"
BOT_LEVELS = {"easy": "easy", "medium": "medium", "hard": "hard"}
NAME_PERSON = "P"  # default names: P1, P2 ... for people
NAME_TITLE = "Name of seat "

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
    "At 40 points the game ends: fewest points wins. Points are kept as tokens: a white one is 1, a black one 10.",
    "",
    "Settings: Target moves the 40; Rounds plays a fixed number of rounds instead.",
    "",
    "Keys: the arrows choose, A confirms. In a game, B shows a hint (what the expert would do); hold B for the game menu (scores, quit). Elsewhere B goes back; hold B for the main menu.",
)
RULES_CARDS = (
    "2 to 6 players, 6 cards each, hands are private.",
    "",
    "On your turn: play, draw or quit.",
    "",
    "Play a card of the same value as the top of the discard pile, or one more (a llama is one more than a 6, and a 1 one more than a llama).",
    "",
    "Draw: take the top card of the pile (not when it is empty, nor when you are alone in the round).",
    "",
    "Quit: lay your hand down.",
    "",
    "The round ends when someone plays their last card or all have quit.",
    "",
    "Each distinct number scores once, llamas 10. Empty your hand to return a token.",
    "",
    "At 40 points the game ends: fewest points wins. Points are kept as tokens: a white one is 1, a black one 10.",
    "",
    "Settings: Target moves the 40; Rounds plays a fixed number of rounds instead; Komarami: 7 llama cards, each one scores 10.",
    "",
    "Keys: the arrows choose, A confirms. In a game, B shows a hint (what the expert would do); hold B for the game menu (scores, quit). Elsewhere B goes back; hold B for the main menu.",
)

# how to play: offered before a person's first game of each kind (ui/screens/howto.py);
# one paragraph a page, five lines of 21 at most
HOWTO = "How to play"
K_HOWTO = "A:NEXT B:SKIP"
K_HOWTO_LAST = "A:PLAY"
HOWTO_DICE = (
    "Your cards: under each symbol, how many you hold. Llamas: the llama row, cards to take.",
    "Roll 3 dice: a die showing a card you hold lets it go. No match: take a llama card. None: bust!",
    "Or quit. Cards left score: the fewest points wins. B: a hint, ↑: the last moves.",
)
HOWTO_CARDS = (
    "Your hand: how many of each value. The big card is the top of the pile.",
    "Play the same value or one up (\ue000 after 6, 1 after \ue000). Or draw a card, or quit the round.",
    "Cards left in your hand score: fewest points wins. B: a hint, ↑: the last moves.",
)

# about
ABOUT = "About"
A_VERSION = "Version"
A_BOARD = "Board"
A_MEMORY = "Free"
A_BYTES = "KB"

# errors
ERROR = "Error"
ERROR_HELP = "Back to the menu."

# game screens (ui/games/dice.py, ui/games/cards.py, ui/games/base.py): a player's
# information (moves, notes, G_WHY...), the G_K_* keys, column heads (*_HEAD*), G_PTS and
# G_PILE are in the readable 5x7 font, 21 a line
G_ROLL = "Roll"
G_QUIT = "Quit"
G_DISCARD = "Discard"
G_TAKE = "Take"
G_PLAY = "Play"
G_DRAW = "Draw"
G_PTS = "pts"
G_ROUND = "ROUND"
G_ROUND_SHORT = "R"
G_PILE = "Pile"
G_ALONE = "ALONE: A MISS BUSTS"
G_ROLLS = "ROLLS..."
G_ROLLED = "ROLLED"
G_QUITS = "QUITS"
G_DISCARDS = "DISCARDS"
G_TAKES = "TAKES"
G_PLAYS = "PLAYS"
G_THINKS = "THINKS..."
G_TURN_OF = "%s'S TURN"  # a person to play, at another console (%s: the name)
G_DRAWS = "DRAWS"
G_BUSTS = "BUSTS WITH"
G_THREE_LLAMAS = "\ue000\ue000\ue000:"  # after the roller's name: three llamas drawn as llamas
G_NO_TOKEN = "NO TOKEN"
G_NO_DRAW_EMPTY = "PILE EMPTY: NO DRAW"
G_NO_DRAW_ALONE = "ALONE: NO DRAWING"
G_NO_PLAY = "NO CARD FITS"
G_K_A = "A:OK"
G_K_SPEED = "A:SPEED UP"
G_K_NEXT = "A:NEXT ROUND"
G_K_RESULT = "A:RESULT"
G_K_BACK = "A/B:BACK"
G_K_HINT_BACK = "A/B:BACK HOLD B:MENU"
G_K_CONFIRM = "A:YES B:NO"
G_K_CHOOSE = "<>:CHOOSE A:OK"
G_K_READY = "A:I HAVE IT"
G_NOTE_A = "PRESS A TO GO ON"
G_NOTE_TURN = "LEFT/RIGHT, THEN A"
G_NOTE_LIMIT = "NO MORE OF THOSE"
G_NOTE_TAKE = "LEFT/RIGHT, THEN A"
G_NOTE_ONE = "ONE FITS: A TAKES IT"
G_NOTE_WAIT = "NOT YOUR TURN"
G_NOTE_SPEED = "A: SPEED UP"  # the footer's words (G_K_SPEED)
G_NOTE_CHOOSE = "LEFT/RIGHT, THEN A"
G_NOTE_ILLEGAL = "NOT ALLOWED NOW"
G_NOTE_CARDS = "LEFT/RIGHT, THEN A"
G_END_EMPTY_D = "%n EMPTIED ROW"
G_END_EMPTY_C = "%n WENT OUT"
G_END_BUST = "%n WENT BUST"
G_END_ROW_TAKEN = "%n: LLAMAS GONE"
G_END_ALL_QUIT = "EVERYONE QUIT"
G_MENU = "Game menu"
G_RESUME = "Resume"
G_HINT = "Hint"
G_CONFIRM_1 = "Abandon this"
G_CONFIRM_2 = "game?"
G_HINT_EXPERT = "Expert:"
G_HINT_THINKING = "Thinking..."
G_HINT_NONE = "Not your turn."
G_GAME_OVER = "Game over"
G_EV_BUST = "BUST!"  # the events' moments (ui/games/panel_event.py): big when 8 or fewer
G_EV_OUT = "OUT!"  # after the name
G_EV_ROUND = "ROUND OVER"
G_WINS = "WINS!"
G_SHARE = "SHARE THE WIN"
G_REMATCH = "Rematch"
G_TO_MENU = "Menu"
G_PASS_1 = "Pass the device"
G_PASS_2 = "Others look away"
G_CARDS_HEAD = "Cards"
G_ROW_LABEL = "↑cards"  # the dice table: the row above (how many of each), the llama row below
G_LLAMA_LABEL = "llamas↓"
G_OUT = "-"
G_TABLE = "Table"
G_TABLE_HEADS = ("Name", "Player", "Cards", "Pts")
G_PERSON = "person"
# a computer player's level in words, by bot name (a name not listed shows as it is)
G_BOT_WORDS = {"random": "random", "cautious": "cautious", "expert": "expert", "easy": "easy", "medium": "medium", "hard": "hard"}
G_LOG = "Moves"
G_LOG_NONE = "No move yet."
G_LOG_RESUMED = "(resumed here)"  # the move log of a game continued from its save
G_K_LOG = "↑↓:SCROLL A/B:BACK"
G_RULES = "Rules"
G_SAVE_LEAVE = "Save and leave"
G_ABANDON = "Abandon game"
G_CONFIRM_3 = "It is lost for good."
G_END_VALUES = "Values"  # the Cards head when the column shows each value held once (a hand too long)
G_END_HEADS = ("Cards", "Pts", "", "Total")  # the round's points; the token given back: its "-1" says it
G_SAY_DISCARD = "UP/DOWN: HOW MANY"
G_SAY_TAKE = "LEFT/RIGHT: WHICH"
G_NOTE_KEEP = "AT LEAST ONE CARD"
G_YOU_PLACED = "You placed %p of %n"
G_PLACES = ("1st", "2nd", "3rd", "4th", "5th", "6th")
G_NEW_HIGH = "New best score!"
G_HIDDEN = "HAND HIDDEN"
# G_WHY: %a and %b are numbers (card values in clue_*); %s and %u an s when %a and %b are not 1
# (plurals); %n a player's name
G_WHY = {
    "roll": "%a in 10 rolls let a card go.",
    "roll_all": "Every roll lets a card go.",
    "roll_last": "%a in 10 rolls empty your row: a token back.",
    "quit_low": "The row scores only %a.",
    "quit_risk": "%a in 10 rolls would add cards.",
    "quit_risk_all": "Every roll would add cards.",
    "quit_race": "Someone has only %a card%s left.",
    "discard": "Leaves %a point%s in %b card%u.",
    "take": "Adds only %a point%s.",
    "play": "%a card%s left after it.",
    "play_same": "Same value: you can still play %a of your %b card%u.",
    "play_up": "One up: then you can play %a of your %b card%u.",
    "play_last": "Your last card: 0 points, and a token back.",
    "draw_high": "Your hand scores %a: too much to quit on.",
    "draw": "%a of the %b unseen cards would add no points.",
    "quit_hand": "Keep %a point%s: %b in 10 draws would add more.",
    "quit_hand_all": "Keep %a point%s: every draw would add more.",
    "quit_forced": "No card fits and you may not draw.",
    "clue_drew": "%n drew on a %a: held no %a or %b.",
    "clue_quit": "%n quit on a %a: held no %a or %b.",
}

# storage, statistics, continuing a saved game (ui/model/saves.py, ui/screens/stats.py, ui/boot.py)
ST_SETTINGS = "Settings"
ST_STATS = "Statistics"
ST_GAME = "Saved game"
ST_BAD_OLDER = "damaged, last good copy used"
ST_BAD_DEFAULTS = "damaged, defaults used"
ST_BAD_GAME = "damaged, set aside"
ST_FULL = "flash full, not saved"
ST_FAILED = "write error, not saved"
ST_UNREAD = "could not be read now, kept"
ST_DROPPED = "damaged entries left out"
ST_NOTICE = "Storage"
ST_FAULT = "Reset after a fault."
CONTINUE_Q = "Continue game?"
CONTINUE_LINKED_Q = "Continue linked game?"
CONTINUE_KEYS = "A: yes   B: no"
DISCARD_Q = "Discard game?"
DISCARD_NO = "No, keep it"
DISCARD_YES = "Yes, discard"
CONTINUE_ROUND = "Round"
SAVED_Q = "A game is saved"
SAVED_CONTINUE = "Continue it"
SAVED_OVER = "Start over"
SEAT_Q = "Unknown player"  # a saved game's seat this console cannot seat (8x8)
SEAT_PLAY = "Play as"
SEAT_ASIDE = "Set save aside"
SEAT_UNKNOWN = "not known on this console."  # after "NAME (what the save names): "
SEAT_KIND = "kind"
SEAT_CONSOLE = "console"
K_SEAT_Q = "<>:LEVEL A:OK B:BACK"
K_STATS = "<>:PAGE A:RESET"
STATS_TITLES = ("Games and wins", "Best and average", "People's wins", "Totals")  # 8x8
STATS_WINS_COLS = ("Name", "Games", "Wins")  # column heads, 5x7
STATS_SCORES_COLS = ("Name", "Best", "Average")
STATS_HIGH_COLS = ("#", "Name", "Pts", "Players")
STATS_NONE = "No games yet."
STATS_NO_WINS = "No person has won yet."
STATS_WINS_ONLY = "Only people's wins count here."
STATS_GAMES = "Games"
STATS_ROUNDS = "Rounds"
STATS_EMPTIED = "Emptied"
RESET_Q = "Reset stats?"
RESET_NO = "No, keep them"
RESET_YES = "Yes, reset"
RESET_DONE = "Statistics reset."

# a link game (ui/screens/link.py, ui/games/panel_link_lost.py)
M_LINK = "Link game"
LINK_HOST = "Host"
LINK_JOIN = "Join"
LINK_NO_PORT = "No link port here"
LINK_YOUR_NAME = "Your name"
LINK_LINKED = "Linked"  # the host's title: "Linked 2"
LINK_NONE = "No console yet"
LINK_SEARCHING = "Looking for a host"
LINK_WAIT_HOST = "Host sets the table"
LINK_HOST_LOST = "HOST LOST: WAIT"
LINK_KIND = "linked"  # a seat played on a linked console (the setup's value)
LINK_SAME = "ONE SEAT A CONSOLE"
LINK_GONE = "%n's console is gone"
LINK_WAIT = "Wait for it"
LINK_BOT = "Computer"
LINK_END = "End the game"

# the battery (ui/screens/battery_note.py)
BAT_LOW = "Battery low"
BAT_EMPTY = "Battery empty: game saved"
BAT_FLAT = "Battery empty"
