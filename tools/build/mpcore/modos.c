// os for the core-only build (tools/build/mpcore): the calls the firmware's store and the host tools make (stat, mkdir, rename, remove, listdir, getenv).
#include <dirent.h>
#include <string.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include "py/runtime.h"

static void check(int rc) {
    if (rc < 0) {
        mp_raise_OSError(errno);
    }
}

static mp_obj_t os_stat(mp_obj_t path_in) {
    struct stat st;
    check(stat(mp_obj_str_get_str(path_in), &st));
    mp_obj_t t[10] = {
        mp_obj_new_int_from_uint(st.st_mode), mp_obj_new_int_from_uint(st.st_ino),
        mp_obj_new_int_from_uint(st.st_dev), mp_obj_new_int_from_uint(st.st_nlink),
        mp_obj_new_int_from_uint(st.st_uid), mp_obj_new_int_from_uint(st.st_gid),
        mp_obj_new_int_from_uint(st.st_size), mp_obj_new_int_from_uint(st.st_atime),
        mp_obj_new_int_from_uint(st.st_mtime), mp_obj_new_int_from_uint(st.st_ctime),
    };
    return mp_obj_new_tuple(10, t);
}
static MP_DEFINE_CONST_FUN_OBJ_1(os_stat_obj, os_stat);

static mp_obj_t os_mkdir(mp_obj_t path_in) {
    check(mkdir(mp_obj_str_get_str(path_in), 0777));
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(os_mkdir_obj, os_mkdir);

static mp_obj_t os_rename(mp_obj_t old_in, mp_obj_t new_in) {
    check(rename(mp_obj_str_get_str(old_in), mp_obj_str_get_str(new_in)));
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(os_rename_obj, os_rename);

static mp_obj_t os_remove(mp_obj_t path_in) {
    check(unlink(mp_obj_str_get_str(path_in)));
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(os_remove_obj, os_remove);

static mp_obj_t os_rmdir(mp_obj_t path_in) {
    check(rmdir(mp_obj_str_get_str(path_in)));
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(os_rmdir_obj, os_rmdir);

static mp_obj_t os_listdir(size_t n_args, const mp_obj_t *args) {
    DIR *d = opendir(n_args ? mp_obj_str_get_str(args[0]) : ".");
    if (d == NULL) {
        mp_raise_OSError(errno);
    }
    mp_obj_t out = mp_obj_new_list(0, NULL);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            mp_obj_list_append(out, mp_obj_new_str(e->d_name, strlen(e->d_name)));
        }
    }
    closedir(d);
    return out;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(os_listdir_obj, 0, 1, os_listdir);

static mp_obj_t os_getenv(size_t n_args, const mp_obj_t *args) {
    const char *v = getenv(mp_obj_str_get_str(args[0]));
    if (v == NULL) {
        return n_args > 1 ? args[1] : mp_const_none;
    }
    return mp_obj_new_str(v, strlen(v));
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(os_getenv_obj, 1, 2, os_getenv);

static const mp_rom_map_elem_t os_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_os) },
    { MP_ROM_QSTR(MP_QSTR_stat), MP_ROM_PTR(&os_stat_obj) },
    { MP_ROM_QSTR(MP_QSTR_mkdir), MP_ROM_PTR(&os_mkdir_obj) },
    { MP_ROM_QSTR(MP_QSTR_rename), MP_ROM_PTR(&os_rename_obj) },
    { MP_ROM_QSTR(MP_QSTR_remove), MP_ROM_PTR(&os_remove_obj) },
    { MP_ROM_QSTR(MP_QSTR_rmdir), MP_ROM_PTR(&os_rmdir_obj) },
    { MP_ROM_QSTR(MP_QSTR_listdir), MP_ROM_PTR(&os_listdir_obj) },
    { MP_ROM_QSTR(MP_QSTR_getenv), MP_ROM_PTR(&os_getenv_obj) },
};
static MP_DEFINE_CONST_DICT(os_globals, os_globals_table);

const mp_obj_module_t core_module_os = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&os_globals,
};
MP_REGISTER_MODULE(MP_QSTR_os, core_module_os);
