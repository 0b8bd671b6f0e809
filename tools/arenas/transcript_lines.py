"""What the transcripts of both games share (TRANSCRIPT.md): the compact JSON, written by hand
so that python3 and micropython agree byte for byte, the lines alike in both games, and the
run of a command line's games (`run_games`); `transcript_dice` and `transcript_cards` turn
each game's own events into lines."""

from arenas.transcript_options import UsageError
from lama.rng import BOT_SEED_SALT  # the bots' generator: SeededRng(seed ^ salt)


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
