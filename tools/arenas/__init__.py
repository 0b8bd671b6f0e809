"""The arena wing: bots playing whole games on the bare engine. `tournament` (tools/arena.py)
plays many games with seats rotated, or rounds of one bot alone, and prints win shares
with confidence intervals, one adapter per game (`tournament_dice`, `tournament_cards`);
`transcript` (tools/transcript.py) prints games as JSON Lines (TRANSCRIPT.md), one module
per game (`transcript_dice`, `transcript_cards`), byte for byte the same under python3
and micropython; `bots` is the one registry of bots by name (the firmware's own, and the
CPython-only `dice_solo`); `engine_play` is the one loop that plays a game to its end."""
