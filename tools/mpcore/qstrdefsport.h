// No port qstrs: the core-only build (tools/mpcore) names none of its own.
