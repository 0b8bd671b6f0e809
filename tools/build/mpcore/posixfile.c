// open() for the core-only build (tools/build/mpcore): binary and text files on POSIX descriptors, as a stream.
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include "py/builtin.h"
#include "py/mperrno.h"
#include "py/runtime.h"
#include "py/stream.h"

typedef struct {
    mp_obj_base_t base;
    int fd;
} core_file_t;

static mp_uint_t file_read(mp_obj_t self_in, void *buf, mp_uint_t size, int *errcode) {
    core_file_t *self = MP_OBJ_TO_PTR(self_in);
    ssize_t n = read(self->fd, buf, size);
    if (n < 0) {
        *errcode = errno;
        return MP_STREAM_ERROR;
    }
    return (mp_uint_t)n;
}

static mp_uint_t file_write(mp_obj_t self_in, const void *buf, mp_uint_t size, int *errcode) {
    core_file_t *self = MP_OBJ_TO_PTR(self_in);
    ssize_t n = write(self->fd, buf, size);
    if (n < 0) {
        *errcode = errno;
        return MP_STREAM_ERROR;
    }
    return (mp_uint_t)n;
}

static mp_uint_t file_ioctl(mp_obj_t self_in, mp_uint_t request, uintptr_t arg, int *errcode) {
    core_file_t *self = MP_OBJ_TO_PTR(self_in);
    if (request == MP_STREAM_SEEK) {
        struct mp_stream_seek_t *s = (struct mp_stream_seek_t *)arg;
        off_t off = lseek(self->fd, s->offset, s->whence);
        if (off < 0) {
            *errcode = errno;
            return MP_STREAM_ERROR;
        }
        s->offset = off;
        return 0;
    }
    if (request == MP_STREAM_FLUSH) {
        return 0;
    }
    if (request == MP_STREAM_CLOSE) {
        if (self->fd >= 0) {
            close(self->fd);
            self->fd = -1;
        }
        return 0;
    }
    *errcode = MP_EINVAL;
    return MP_STREAM_ERROR;
}

static const mp_rom_map_elem_t file_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_read), MP_ROM_PTR(&mp_stream_read_obj) },
    { MP_ROM_QSTR(MP_QSTR_readinto), MP_ROM_PTR(&mp_stream_readinto_obj) },
    { MP_ROM_QSTR(MP_QSTR_write), MP_ROM_PTR(&mp_stream_write_obj) },
    { MP_ROM_QSTR(MP_QSTR_seek), MP_ROM_PTR(&mp_stream_seek_obj) },
    { MP_ROM_QSTR(MP_QSTR_tell), MP_ROM_PTR(&mp_stream_tell_obj) },
    { MP_ROM_QSTR(MP_QSTR_flush), MP_ROM_PTR(&mp_stream_flush_obj) },
    { MP_ROM_QSTR(MP_QSTR_close), MP_ROM_PTR(&mp_stream_close_obj) },
    { MP_ROM_QSTR(MP_QSTR___del__), MP_ROM_PTR(&mp_stream_close_obj) },
    { MP_ROM_QSTR(MP_QSTR___enter__), MP_ROM_PTR(&mp_identity_obj) },
    { MP_ROM_QSTR(MP_QSTR___exit__), MP_ROM_PTR(&mp_stream___exit___obj) },
};
static MP_DEFINE_CONST_DICT(file_locals_dict, file_locals_table);

static const mp_stream_p_t file_stream_p = {
    .read = file_read,
    .write = file_write,
    .ioctl = file_ioctl,
};

static MP_DEFINE_CONST_OBJ_TYPE(
    core_type_file,
    MP_QSTR_FileIO,
    MP_TYPE_FLAG_ITER_IS_STREAM,
    protocol, &file_stream_p,
    locals_dict, &file_locals_dict
    );

mp_obj_t mp_builtin_open(size_t n_args, const mp_obj_t *args, mp_map_t *kwargs) {
    const char *path = mp_obj_str_get_str(args[0]);
    const char *mode = n_args > 1 ? mp_obj_str_get_str(args[1]) : "r";
    int flags = O_RDONLY;
    if (strchr(mode, 'w')) {
        flags = O_WRONLY | O_CREAT | O_TRUNC;
    } else if (strchr(mode, 'a')) {
        flags = O_WRONLY | O_CREAT | O_APPEND;
    }
    if (strchr(mode, '+')) {
        flags = (flags & ~(O_RDONLY | O_WRONLY)) | O_RDWR;
    }
    int fd = open(path, flags, 0644);
    if (fd < 0) {
        mp_raise_OSError(errno);
    }
    core_file_t *f = mp_obj_malloc_with_finaliser(core_file_t, &core_type_file);
    f->fd = fd;
    return MP_OBJ_FROM_PTR(f);
}
MP_DEFINE_CONST_FUN_OBJ_KW(mp_builtin_open_obj, 1, mp_builtin_open);
