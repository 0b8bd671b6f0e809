"""Plays complete games between named bots and prints them as JSON Lines (TRANSCRIPT.md):
the command line and the compact JSON both games share; `transcript_dice` and
`transcript_cards` turn each game's events into lines.

Runs unchanged under python3 and micropython, with byte-identical output:
  transcript.py --game dice --seed N --games K --players a,b,c [--first P] [--target T]
                [--rounds R] [--variant classic|komarami]
Game i (from 0) of a run uses seed N+i, so any game can be replayed alone."""

import sys

from lama.rng import BOT_SEED_SALT  # the bots' generator: SeededRng(seed ^ salt)

USAGE = (
    "usage: transcript.py --game dice|cards --seed N --games K --players a,b[,...]"
    " [--first P] [--target T] [--rounds R] [--variant classic|komarami]"
)


class Options:
    """The parsed command line."""

    def __init__(self):
        self.game = "dice"
        self.seed = 0
        self.games = 1
        self.players = []
        self.first = 0
        self.target = 40
        self.rounds = 0
        self.variant = "classic"


class UsageError(ValueError):
    """A bad command line."""


def _int(name, text, lo, hi):
    try:
        v = int(text)
    except ValueError:
        raise UsageError(name + " needs a whole number, not " + repr(text))
    if v < lo or v > hi:
        raise UsageError(name + " must be between " + str(lo) + " and " + str(hi))
    return v


def parse_args(args):
    """Options from the arguments after the script name; UsageError when they are bad."""
    o = Options()
    i = 0
    while i < len(args):
        key = args[i]
        if i + 1 >= len(args):
            raise UsageError(key + " needs a value")
        val = args[i + 1]
        i += 2
        if key == "--game":
            if val != "dice" and val != "cards":
                raise UsageError("--game is dice or cards, not " + repr(val))
            o.game = val
        elif key == "--seed":
            o.seed = _int(key, val, 0, 0x3FFFFFFF)
        elif key == "--games":
            o.games = _int(key, val, 1, 1000000)
        elif key == "--players":
            o.players = [p for p in val.split(",")]
        elif key == "--first":
            o.first = _int(key, val, 0, 5)
        elif key == "--target":
            o.target = _int(key, val, 1, 9999)
        elif key == "--rounds":
            o.rounds = _int(key, val, 0, 9999)
        elif key == "--variant":
            if val != "classic" and val != "komarami":
                raise UsageError("--variant is classic or komarami, not " + repr(val))
            o.variant = val
        else:
            raise UsageError("unknown option " + key)
    if len(o.players) < 2 or len(o.players) > 6:
        raise UsageError("--players names 2 to 6 bots, comma-separated")
    for p in o.players:
        if not p:
            raise UsageError("--players has an empty name")
    if o.first >= len(o.players):
        raise UsageError("--first must be a seat 0.." + str(len(o.players) - 1))
    return o


# --- compact JSON, written by hand so both interpreters agree byte for byte -------------


def jstr(s):
    """A JSON string literal."""
    out = '"'
    for ch in s:
        if ch == '"' or ch == "\\":
            out += "\\" + ch
        elif ord(ch) < 0x20:
            out += "\\u%04x" % ord(ch)
        else:
            out += ch
    return out + '"'


def jval(v):
    """JSON for an int, a str, or a list of those."""
    if isinstance(v, str):
        return jstr(v)
    if isinstance(v, list):
        return "[" + ",".join([jval(x) for x in v]) + "]"
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def jobj(pairs):
    """A JSON object with the keys in the given order: pairs is a list of (key, value)."""
    return "{" + ",".join([jstr(k) + ":" + jval(v) for k, v in pairs]) + "}"


# --- what both games' transcripts do alike ---------------------------------------------


def game_head(game, seed, players, first, extra, rules):
    """The "game" line: game, seed, players, first, the game's own `extra` pairs, target,
    and rounds in the fixed-rounds variant (`rules`: lama.score.Rules)."""
    head = [
        ("ev", "game"),
        ("game", game),
        ("seed", seed),
        ("players", list(players)),
        ("first", first),
    ]
    head += extra
    head.append(("target", rules.target))
    if rules.rounds:
        head.append(("rounds", rules.rounds))
    return jobj(head)


def transcribe(engine, state, choose, rng, event_json, emit):
    """Play a new game's `state` to its end (arenas.engine_play), emitting the line of
    every event from its first deal on (event_json: the game's event -> line)."""
    from arenas.engine_play import play_to_end

    def after(action, events):
        for ev in events:
            emit(event_json(ev))

    emit(event_json(engine.round_event(state)))
    play_to_end(engine, state, choose, rng, after)


def round_head(ev):
    """The first pairs of a "round" line, alike in both games: ev, round, first."""
    return [("ev", "round"), ("round", ev[1]), ("first", ev[2])]


def match_event_json(ev):
    """The line of an event both engines emit (quit, round_end, game_end), else None."""
    kind = ev[0]
    if kind == "quit":
        return jobj([("ev", "quit"), ("p", ev[1])])
    if kind == "round_end":
        return jobj(
            [
                ("ev", "round_end"),
                ("round", ev[1]),
                ("reason", ev[2]),
                ("points", ev[3]),
                ("returned", ev[4]),
                ("scores", ev[5]),
            ]
        )
    if kind == "game_end":
        return jobj([("ev", "game_end"), ("scores", ev[1]), ("winners", ev[2])])
    return None


def run_games(opts, emit, engine, rules, extra, event_json, table, label, hints=None):
    """Every game of a run of `engine` (lama.dice or lama.cards) under `rules`: the bots
    named in opts.players are looked up in `table` (UsageError for an unknown one, saying
    hints[name] if any); game i (from 0) plays with seed N+i and emits its "game" line
    (the game's own `extra` pairs in it), then a line for every event (event_json). The
    deals come from SeededRng(seed), the bots share SeededRng(seed ^ BOT_SEED_SALT)."""
    from arenas.engine_play import bot_chooser
    from lama.rng import SeededRng

    for name in opts.players:
        if name not in table:
            hint = (hints or {}).get(name, "")
            raise UsageError(
                "no " + label + " bot named " + repr(name) + hint + "; known: " + ",".join(sorted(table))
            )
    choose = [table[name] for name in opts.players]
    for g in range(opts.games):
        seed = (opts.seed + g) & 0x3FFFFFFF
        rng = SeededRng(seed)
        bot_rngs = [SeededRng(seed ^ BOT_SEED_SALT)] * len(choose)  # one generator, shared
        emit(game_head(opts.game, seed, opts.players, opts.first, extra, rules))
        state = engine.new_game(len(opts.players), rules, opts.first, rng)
        transcribe(engine, state, bot_chooser(engine, state, choose, bot_rngs), rng, event_json, emit)
    return 0


def _emit(line):
    print(line)


def main(args):
    """Run the transcript for the arguments after the script name; returns an exit code."""
    try:
        opts = parse_args(args)
        if opts.game == "cards":
            from arenas import transcript_cards as game
        else:
            from arenas import transcript_dice as game
        return game.run(opts, _emit)
    except UsageError as e:
        sys.stderr.write("transcript: " + str(e) + "\n" + USAGE + "\n")
        return 2
