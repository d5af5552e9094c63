#!/usr/bin/env python3
# no_uring.py - run a command in which io_uring_setup() fails with EPERM,
# as with kernel.io_uring_disabled=2 or a container's seccomp profile,
# but for that process and its children alone: a seccomp filter, so
# tests running at the same time never see each other's setting.
#   python3 no_uring.py CMD [ARG...]
# Exits 77 when the filter cannot be installed (the caller skips).
import ctypes
import os
import struct
import sys

NR_IO_URING_SETUP = 425		# the same number on every architecture
PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2
RET_ALLOW = 0x7FFF0000
RET_EPERM = 0x00050000 | 1	# SECCOMP_RET_ERRNO | EPERM


def insn(code, jt, jf, k):
    return struct.pack("HBBI", code, jt, jf, k)


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: no_uring.py CMD [ARG...]")
    prog = b"".join([
        insn(0x20, 0, 0, 0),                    # A = seccomp_data.nr
        insn(0x15, 0, 1, NR_IO_URING_SETUP),    # A == io_uring_setup?
        insn(0x06, 0, 0, RET_EPERM),
        insn(0x06, 0, 0, RET_ALLOW),
    ])
    buf = ctypes.create_string_buffer(prog)
    fprog = struct.pack("HxxxxxxP", len(prog) // 8, ctypes.addressof(buf))
    fbuf = ctypes.create_string_buffer(fprog)
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl.argtypes = [ctypes.c_int] + [ctypes.c_ulong] * 4
    if (libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) or
            libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER,
                       ctypes.addressof(fbuf), 0, 0)):
        print("no_uring.py: cannot install the seccomp filter: %s" %
              os.strerror(ctypes.get_errno()), file=sys.stderr)
        sys.exit(77)
    os.execvp(sys.argv[1], sys.argv[1:])


main()
