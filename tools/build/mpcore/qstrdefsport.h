// No port qstrs: the core-only build (tools/build/mpcore) names none of its own.
