"""The browser version (make web): the browser board profile and its parts, the page, its build
and its test in Chromium. The .py files here run in the page (MicroPython WebAssembly), but
build_page.py, which runs on the host."""
