"""The build wing: what turns sources into checked or generated artefacts. `typecheck`
runs mypy on firmware/ and board/ against the MicroPython rp2 stubs (`make lint`);
`make_glyphs` generates firmware/ui/draw/glyphs.py (`cd tools && python3 -m build.make_glyphs`);
`build_mpcore` builds the core-only 32-bit MicroPython of mpcore/ that benches.heap32 uses."""
