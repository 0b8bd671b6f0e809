// Core-only MicroPython (tools/build/mpcore): `mpcore [-X heapsize=N] -c CODE`, sys.path from MICROPYPATH.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "py/builtin.h"
#include "py/compile.h"
#include "py/gc.h"
#include "py/runtime.h"
#include "py/stackctrl.h"
#include "shared/runtime/gchelper.h"

void gc_collect(void) {
    gc_collect_start();
    gc_helper_collect_regs_and_stack();
    gc_collect_end();
}

void mp_hal_stdout_tx_strn(const char *str, size_t len) {
    ssize_t r = write(1, str, len);
    (void)r;
}

void mp_hal_stdout_tx_strn_cooked(const char *str, size_t len) {
    mp_hal_stdout_tx_strn(str, len);
}

static void stderr_strn(void *env, const char *str, size_t len) {
    (void)env;
    ssize_t r = write(2, str, len);
    (void)r;
}

static const mp_print_t stderr_print = {NULL, stderr_strn};

mp_import_stat_t mp_import_stat(const char *path) {
    struct stat st;
    if (stat(path, &st) == 0) {
        return S_ISDIR(st.st_mode) ? MP_IMPORT_STAT_DIR : MP_IMPORT_STAT_FILE;
    }
    return MP_IMPORT_STAT_NO_EXIST;
}

void nlr_jump_fail(void *val) {
    fprintf(stderr, "FATAL: uncaught NLR %p\n", val);
    exit(1);
}

static void add_paths(const char *p) {
    while (*p) {
        const char *e = strchr(p, ':');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        mp_obj_list_append(mp_sys_path, mp_obj_new_str(p, n));
        p += n;
        if (*p == ':') {
            p++;
        }
    }
}

int main(int argc, char **argv) {
    mp_stack_ctrl_init();
    mp_stack_set_limit(256 * 1024);
    size_t heap = 1024 * 1024;
    const char *code = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-X") == 0 && i + 1 < argc && strncmp(argv[i + 1], "heapsize=", 9) == 0) {
            heap = strtoul(argv[++i] + 9, NULL, 0);
        } else if (strcmp(argv[i], "-c") == 0 && i + 1 < argc) {
            code = argv[++i];
        }
    }
    if (code == NULL) {
        fprintf(stderr, "usage: mpcore [-X heapsize=N] -c CODE\n");
        return 2;
    }
    char *mem = malloc(heap);
    if (mem == NULL) {
        fprintf(stderr, "mpcore: no %u bytes for the heap\n", (unsigned)heap);
        return 2;
    }
    gc_init(mem, mem + heap);
    mp_init();
    mp_sys_path = mp_obj_new_list(0, NULL);
    mp_obj_list_init(MP_OBJ_TO_PTR(mp_sys_argv), 0);
    const char *path = getenv("MICROPYPATH");
    if (path != NULL) {
        add_paths(path);
    }
    int rc = 0;
    nlr_buf_t nlr;
    if (nlr_push(&nlr) == 0) {
        mp_lexer_t *lex = mp_lexer_new_from_str_len(MP_QSTR__lt_stdin_gt_, code, strlen(code), 0);
        qstr src = lex->source_name;
        mp_parse_tree_t pt = mp_parse(lex, MP_PARSE_FILE_INPUT);
        mp_obj_t f = mp_compile(&pt, src, false);
        mp_call_function_0(f);
        nlr_pop();
    } else {
        mp_obj_print_exception(&stderr_print, MP_OBJ_FROM_PTR(nlr.ret_val));
        rc = 1;
    }
    mp_deinit();
    free(mem);
    return rc;
}
