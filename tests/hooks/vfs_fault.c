/*
 * vfs_fault: owns the test-only failing VFS (see vfs_fault.h): its
 * registration, the armed fault and the count of write points.  Every
 * method but the three write points forwards to the default VFS's file.
 */
#include "vfs_fault.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
    long points; /* write points met since arming */
    long injected;
    int counting; /* vfs_fault_arm was called */
    int armed;
    struct vfs_fault_spec spec;
    vfs_fault_report_cb report;
} fault;

static sqlite3_vfs *real_vfs;
static sqlite3_vfs fault_vfs;

struct fault_file {
    sqlite3_file base;
    const char *name;   /* SQLite keeps it valid until xClose */
    sqlite3_file *real; /* follows this struct in the same allocation */
};

static const char *const kind_names[VFS_FAULT_KINDS] = {"enospc", "eio",
                                                        "eio-fsync"};

static sqlite3_file *real_of(sqlite3_file *f)
{
    return ((struct fault_file *)f)->real;
}

/* Counts a write point; returns SQLITE_OK, or the error it must fail with
 * (eio is the I/O error of this kind of point). */
static int point_fails(sqlite3_file *f, const char *op, int eio,
                       const char *eio_name)
{
    if (!fault.counting)
        return SQLITE_OK;
    int is_sync = op[0] == 's';
    long n = ++fault.points;
    int fails = fault.armed && n >= fault.spec.at &&
                n - fault.spec.at < fault.spec.count &&
                (fault.spec.kind == VFS_FAULT_EIO_FSYNC) == is_sync;
    int full = fault.spec.kind == VFS_FAULT_FULL;

    fault.injected += fails;
    if (fault.report != NULL)
        fault.report(n, op, ((struct fault_file *)f)->name,
                     !fails ? NULL
                     : full ? "ENOSPC (SQLITE_FULL)"
                            : eio_name);
    return !fails ? SQLITE_OK : full ? SQLITE_FULL : eio;
}

static int f_write(sqlite3_file *f, const void *b, int n, sqlite3_int64 o)
{
    int rc = point_fails(f, "write", SQLITE_IOERR_WRITE,
                         "EIO (SQLITE_IOERR_WRITE)");
    return rc != SQLITE_OK ? rc : real_of(f)->pMethods->xWrite(real_of(f), b, n, o);
}

static int f_truncate(sqlite3_file *f, sqlite3_int64 size)
{
    int rc = point_fails(f, "truncate", SQLITE_IOERR_TRUNCATE,
                         "EIO (SQLITE_IOERR_TRUNCATE)");
    return rc != SQLITE_OK ? rc : real_of(f)->pMethods->xTruncate(real_of(f), size);
}

static int f_sync(sqlite3_file *f, int flags)
{
    int rc = point_fails(f, "sync", SQLITE_IOERR_FSYNC, "EIO (SQLITE_IOERR_FSYNC)");
    return rc != SQLITE_OK ? rc : real_of(f)->pMethods->xSync(real_of(f), flags);
}

static int f_close(sqlite3_file *f)
{
    return real_of(f)->pMethods->xClose(real_of(f));
}
static int f_read(sqlite3_file *f, void *b, int n, sqlite3_int64 o)
{
    return real_of(f)->pMethods->xRead(real_of(f), b, n, o);
}
static int f_size(sqlite3_file *f, sqlite3_int64 *size)
{
    return real_of(f)->pMethods->xFileSize(real_of(f), size);
}
static int f_lock(sqlite3_file *f, int l)
{
    return real_of(f)->pMethods->xLock(real_of(f), l);
}
static int f_unlock(sqlite3_file *f, int l)
{
    return real_of(f)->pMethods->xUnlock(real_of(f), l);
}
static int f_check(sqlite3_file *f, int *out)
{
    return real_of(f)->pMethods->xCheckReservedLock(real_of(f), out);
}
static int f_control(sqlite3_file *f, int op, void *arg)
{
    return real_of(f)->pMethods->xFileControl(real_of(f), op, arg);
}
static int f_sector(sqlite3_file *f)
{
    return real_of(f)->pMethods->xSectorSize(real_of(f));
}
static int f_caps(sqlite3_file *f)
{
    return real_of(f)->pMethods->xDeviceCharacteristics(real_of(f));
}
static int f_shm_map(sqlite3_file *f, int pg, int sz, int extend, void volatile **p)
{
    return real_of(f)->pMethods->xShmMap(real_of(f), pg, sz, extend, p);
}
static int f_shm_lock(sqlite3_file *f, int off, int n, int flags)
{
    return real_of(f)->pMethods->xShmLock(real_of(f), off, n, flags);
}
static void f_shm_barrier(sqlite3_file *f)
{
    real_of(f)->pMethods->xShmBarrier(real_of(f));
}
static int f_shm_unmap(sqlite3_file *f, int del)
{
    return real_of(f)->pMethods->xShmUnmap(real_of(f), del);
}

/* Version 2 (no xFetch): memory-mapped pages would bypass the count. */
static const sqlite3_io_methods fault_methods = {
    2,      f_close,   f_read,     f_write,       f_truncate,  f_sync,
    f_size, f_lock,    f_unlock,   f_check,       f_control,   f_sector,
    f_caps, f_shm_map, f_shm_lock, f_shm_barrier, f_shm_unmap, NULL,
    NULL,
};

static int f_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags,
                  int *out)
{
    struct fault_file *ff = (struct fault_file *)f;

    (void)vfs;
    ff->name = name;
    ff->real = (sqlite3_file *)(ff + 1);
    ff->base.pMethods = NULL;
    int rc = real_vfs->xOpen(real_vfs, name, ff->real, flags, out);
    if (ff->real->pMethods != NULL)
        ff->base.pMethods = &fault_methods;
    return rc;
}

static int f_delete(sqlite3_vfs *v, const char *n, int sync)
{
    (void)v;
    return real_vfs->xDelete(real_vfs, n, sync);
}
static int f_access(sqlite3_vfs *v, const char *n, int flags, int *out)
{
    (void)v;
    return real_vfs->xAccess(real_vfs, n, flags, out);
}
static int f_fullpath(sqlite3_vfs *v, const char *n, int len, char *out)
{
    (void)v;
    return real_vfs->xFullPathname(real_vfs, n, len, out);
}
static int f_random(sqlite3_vfs *v, int n, char *out)
{
    (void)v;
    return real_vfs->xRandomness(real_vfs, n, out);
}
static int f_sleep(sqlite3_vfs *v, int us)
{
    (void)v;
    return real_vfs->xSleep(real_vfs, us);
}
static int f_time(sqlite3_vfs *v, double *out)
{
    (void)v;
    return real_vfs->xCurrentTime(real_vfs, out);
}
static int f_lasterr(sqlite3_vfs *v, int n, char *out)
{
    (void)v;
    return real_vfs->xGetLastError(real_vfs, n, out);
}
static int f_time64(sqlite3_vfs *v, sqlite3_int64 *out)
{
    (void)v;
    return real_vfs->xCurrentTimeInt64(real_vfs, out);
}

int vfs_fault_install(vfs_fault_report_cb report)
{
    fault.report = report;
    if (real_vfs != NULL)
        return 0;
    if ((real_vfs = sqlite3_vfs_find(NULL)) == NULL)
        return -1;
    fault_vfs.iVersion = 2;
    fault_vfs.szOsFile = (int)sizeof(struct fault_file) + real_vfs->szOsFile;
    fault_vfs.mxPathname = real_vfs->mxPathname;
    fault_vfs.zName = "sudokud-fault";
    fault_vfs.xOpen = f_open;
    fault_vfs.xDelete = f_delete;
    fault_vfs.xAccess = f_access;
    fault_vfs.xFullPathname = f_fullpath;
    fault_vfs.xRandomness = f_random;
    fault_vfs.xSleep = f_sleep;
    fault_vfs.xCurrentTime = f_time;
    fault_vfs.xGetLastError = f_lasterr;
    fault_vfs.xCurrentTimeInt64 = f_time64;
    if (sqlite3_vfs_register(&fault_vfs, 1) != SQLITE_OK) {
        real_vfs = NULL;
        return -1;
    }
    return 0;
}

void vfs_fault_arm(const struct vfs_fault_spec *spec)
{
    fault.points = 0;
    fault.injected = 0;
    fault.counting = 1;
    fault.armed = spec != NULL;
    if (spec != NULL)
        fault.spec = *spec;
}

void vfs_fault_disarm(void)
{
    fault.armed = 0;
}

long vfs_fault_points(void)
{
    return fault.points;
}

long vfs_fault_injected(void)
{
    return fault.injected;
}

const char *vfs_fault_kind_name(enum vfs_fault_kind kind)
{
    return kind >= 0 && kind < VFS_FAULT_KINDS ? kind_names[kind] : "?";
}

static int parse_count(const char *text, char **end, long *out)
{
    errno = 0;
    *out = strtol(text, end, 10);
    return errno == 0 && *end != text && *out >= 1 && *out <= VFS_FAULT_FOREVER
               ? 0
               : -1;
}

int vfs_fault_parse(const char *text, struct vfs_fault_spec *out, char *err,
                    size_t errlen)
{
    size_t len = strcspn(text, ":");
    char *end;
    int kind = -1;

    for (int k = 0; k < VFS_FAULT_KINDS; k++)
        if (strlen(kind_names[k]) == len && strncmp(text, kind_names[k], len) == 0)
            kind = k;
    out->count = 1;
    if (kind < 0 || text[len] != ':' ||
        parse_count(text + len + 1, &end, &out->at) != 0 ||
        (*end == ':' && parse_count(end + 1, &end, &out->count) != 0) ||
        *end != '\0') {
        snprintf(err, errlen,
                 "expected KIND:N[:COUNT] with KIND enospc, eio or eio-fsync "
                 "and N, COUNT from 1, got '%.60s'",
                 text);
        return -1;
    }
    out->kind = (enum vfs_fault_kind)kind;
    return 0;
}
