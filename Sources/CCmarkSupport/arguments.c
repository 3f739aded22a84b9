// The command line's arguments, as the Swift standard library asks for them (`CommandLine`), taken
// from glibc instead of found again at every start.
//
// Linked statically on Linux, the standard library's runtime finds argv by reading
// /proc/self/maps in a constructor, for every process: some seventy lines made by the kernel and
// scanned with sscanf, 134,000 instructions and six reads (a tenth of `teletype md`'s start for a
// small document), whether the arguments are asked for or not. glibc hands each constructor argc
// and argv; the two functions of the runtime's that give them out are defined here, so the linker
// takes these and leaves the runtime's file (and its constructor) out. Where the runtime is a
// shared library (a debug build, the tests), its own are used and these are never called.
#if defined(__linux__)
#include <stdlib.h>  // defines __GLIBC__ where the C library is glibc
#endif
#if defined(__linux__) && defined(__GLIBC__) && defined(__clang__)

static char **teletype_argv;
static int teletype_argc;

__attribute__((constructor)) static void teletype_keep_arguments(int argc, char **argv, char **environment) {
    (void)environment;
    teletype_argc = argc;
    teletype_argv = argv;
}

// The runtime's interface (stdlib/public/CommandLineSupport/CommandLine.cpp): the arguments and
// their count; and the override a host running Swift code in process sets.
__attribute__((swiftcall, visibility("hidden"))) char **_swift_stdlib_getUnsafeArgvArgc(int *count) {
    static char *none[] = {0};
    if (teletype_argv == 0) {
        *count = 0;
        return none;
    }
    *count = teletype_argc;
    return teletype_argv;
}

__attribute__((swiftcall, visibility("hidden"))) void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    teletype_argv = argv;
    teletype_argc = argc;
}

#endif
