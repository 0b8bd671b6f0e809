// Stands in for extmod/modplatform.h, which the sdist lacks: py/modsys.c includes it, and with MICROPY_HW_BOARD_NAME set needs none of its names.
