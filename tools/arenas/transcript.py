"""Plays complete games between named bots and prints them as JSON Lines (TRANSCRIPT.md):
the command line (transcript_options) run by each game's own part (transcript_dice,
transcript_cards), on the lines both share (transcript_lines).

Runs unchanged under python3 and micropython, with byte-identical output:
  transcript.py --game dice --seed N --games K --players a,b,c [--first P] [--target T]
                [--rounds R] [--variant classic|komarami]
Game i (from 0) of a run uses seed N+i, so any game can be replayed alone."""

import sys

from arenas.transcript_options import USAGE, UsageError, parse_args


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
