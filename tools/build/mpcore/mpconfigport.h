// Core-only MicroPython config: the unix standard variant's feature level and object layout, no extmod modules.
#include <stdint.h>
#include <alloca.h>

// as ports/unix (variant standard) and ports/rp2: extra features, GC with finalisers
#define MICROPY_CONFIG_ROM_LEVEL (MICROPY_CONFIG_ROM_LEVEL_EXTRA_FEATURES)
#define MICROPY_ENABLE_GC (1)
#define MICROPY_GCREGS_SETJMP (1)
#define MICROPY_ENABLE_FINALISER (1)
#define MICROPY_LONGINT_IMPL (MICROPY_LONGINT_IMPL_MPZ)
#define MICROPY_FLOAT_IMPL (MICROPY_FLOAT_IMPL_FLOAT)  // rp2's single-precision float

// .mpy and source files from sys.path (MICROPYPATH), read with POSIX calls
#define MICROPY_READER_POSIX (1)
#define MICROPY_HELPER_LEXER_UNIX (1)
#define MICROPY_PERSISTENT_CODE_LOAD (1)
#define MICROPY_PY_SYS_PATH_ARGV_DEFAULTS (0)
#define MICROPY_ALLOC_PATH_MAX (256)
#define MICROPY_PY_SYS_PLATFORM "linux"
#define MICROPY_HW_BOARD_NAME "core"
#define MICROPY_HW_MCU_NAME "host"

// what lives in extmod/ (not in the sdist) is off: no framebuf, vfs, os, time, machine...
#define MICROPY_PY_IO (1)  // open() from posixfile.c
#define MICROPY_PY_SYS_STDFILES (0)
#define MICROPY_PY_SYS_STDIO_BUFFER (0)
#define MICROPY_PY_BUILTINS_INPUT (0)
#define MICROPY_VFS (0)
#define MICROPY_PY_OS (0)  // extmod's; modos.c gives its own os
#define MICROPY_PY_TIME (0)
#define MICROPY_PY_SELECT (0)
#define MICROPY_PY_MACHINE (0)
#define MICROPY_PY_FRAMEBUF (0)
#define MICROPY_PY_JSON (0)
#define MICROPY_PY_RE (0)
#define MICROPY_PY_RANDOM (0)
#define MICROPY_PY_BINASCII (0)
#define MICROPY_PY_HASHLIB (0)
#define MICROPY_PY_HEAPQ (0)
#define MICROPY_PY_PLATFORM (0)
#define MICROPY_PY_DEFLATE (0)
#define MICROPY_PY_ASYNCIO (0)
#define MICROPY_PY_CRYPTOLIB (0)
#define MICROPY_PY_WEBSOCKET (0)
#define MICROPY_PY_WEBREPL (0)
#define MICROPY_PY_UCTYPES (0)
#define MICROPY_PY_BTREE (0)
#define MICROPY_PY_SSL (0)
#define MICROPY_PY_SOCKET (0)
#define MICROPY_PY_NETWORK (0)
#define MICROPY_PY_ONEWIRE (0)
#define MICROPY_PY_LWIP (0)
#define MICROPY_PY_BLUETOOTH (0)
#define MICROPY_PY_OPENAMP (0)

typedef intptr_t mp_int_t;  // the machine word: 4 bytes with -m32, 8 without
typedef uintptr_t mp_uint_t;
typedef long mp_off_t;
#define MP_STATE_PORT MP_STATE_VM
