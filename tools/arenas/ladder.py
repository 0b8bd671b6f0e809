"""The ladder of the levels people choose (issue 16), for `arena.py --ladder` (and
`make bench BENCH=ladder`, tools/benches/ladder.py): in each game,
each level against three of each level (4 players, seats rotated, ties shared).

A table prints one row per level and one column per opposing table (three of that level):
the level's win share and its standard error (parity 0.25). The ladder is clear for a
table when each level's share is above the one below it by more than twice the standard
error of their difference.
"""

import math

from lama.bot_names import LEVELS

GAMES = (("dice", "LAMA Dice"), ("cards", "L.L.A.M.A."))


def standard_error(res):
    """The standard error of a win share from arena's 95% interval."""
    return (res["ci95"][1] - res["ci95"][0]) / (2 * 1.96)


def ladder(game, games, seed, workers, run):
    """{(level, table level): arena's entry for `level`} over `games` games each;
    run = arena.run_games."""
    out = {}
    for i, table in enumerate(LEVELS):
        for j, level in enumerate(LEVELS):
            names = [level] + [table] * 3
            if level == table:
                names = [level] * 4
            res = run(game, names, games, seed + 10 * i + j, workers)
            out[(level, table)] = res["bots"][level]
    return out


def clear(results, table):
    """True when, against three `table`s, every level beats the one below it clearly."""
    for lo, hi in zip(LEVELS, LEVELS[1:]):
        a = results[(lo, table)]
        b = results[(hi, table)]
        se = math.sqrt(standard_error(a) ** 2 + standard_error(b) ** 2)
        if b["win_share"] - a["win_share"] <= 2 * se:
            return False
    return True


def lines(title, games, results):
    """The printed table of one game."""
    out = ["%s ladder, %d games a cell: win share +- s.e. against three of" % (title, games)]
    out.append("  %-7s" % "" + "".join("%16s" % t for t in LEVELS))
    for level in LEVELS:
        cells = ""
        for table in LEVELS:
            r = results[(level, table)]
            cells += "%16s" % ("%.3f +- %.3f" % (r["win_share"], standard_error(r)))
        out.append("  %-7s" % level + cells)
    verdict = ["%s: %s" % (t, "clear" if clear(results, t) else "NOT clear") for t in LEVELS]
    out.append("  ladder (easy < medium < hard) against each table: " + ", ".join(verdict))
    return out


def report(games, seed, workers, run):
    """The ladder tables of both games, as text."""
    out = []
    for game, title in GAMES:
        out.extend(lines(title, games, ladder(game, games, seed, workers, run)))
    return "\n".join(out)
