"""The one loop that plays a game on the bare engine (lama.dice or lama.cards) to its end, for
the arenas, the transcripts, the benchmarks and the tools that roll games out."""

MAX_ACTIONS = 100000  # a game that long is a bug, not a game


def play_to_end(engine, state, choose, rng, after=None, round_only=False, limit=MAX_ACTIONS):
    """Apply actions to `state` until the game is over (or the round, `round_only`): at a
    round's end the next round is dealt, else choose(seat, actions) gives the action of the
    seat to play (legal_actions, in the engine's order). The dice and deals draw from `rng`.
    after(action, events), when given, hears each action applied with its events. Returns
    `state`; raises RuntimeError after `limit` actions."""
    for _ in range(limit):
        phase = state.phase
        if phase == engine.GAME_OVER or (round_only and phase == engine.ROUND_OVER):
            return state
        if phase == engine.ROUND_OVER:
            action = (engine.NEXT,)
        else:
            action = choose(state.turn, engine.legal_actions(state))
        events = engine.apply(state, action, rng)
        if after is not None:
            after(action, events)
    raise RuntimeError("the game did not end after %d actions" % limit)


def bot_chooser(engine, state, fns, rngs):
    """choose(seat, actions) for play_to_end: seat s asks fns[s](view, actions, rngs[s])."""

    def choose(seat, actions):
        return fns[seat](engine.view(state, seat), actions, rngs[seat])

    return choose
