/*
 * switchcost's hsdis: a HotSpot disassembler plugin built on Capstone.
 *
 * Written for switchcost against the hsdis plugin ABI HotSpot loads for -XX:+PrintAssembly
 * (the exported function decode_instructions_virtual and its two callbacks); no OpenJDK or
 * binutils source is copied. Licence: the project's own. Capstone is BSD-3-Clause.
 *
 * Build (scripts/perfasm.sh does this):
 *   gcc -O2 -shared -fPIC -o target/hsdis/hsdis-amd64.so src/main/c/hsdis/switchcost-hsdis.c -lcapstone
 *
 * The ABI, as HotSpot uses it:
 *   - HotSpot calls decode_instructions_virtual(start_va, end_va, buffer, length, event_cb,
 *     event_stream, printf_cb, printf_stream, options, newline) for a block of machine code whose
 *     bytes are in buffer and whose (virtual) address is start_va.
 *   - For every instruction the plugin reports event "insn" with the instruction's address, prints
 *     the instruction text through printf_cb, reports "/insn" with the address after it, and ends
 *     the line when newline is non-zero. HotSpot prints addresses and annotations itself around
 *     those events.
 *   - The return value is the address just past the last instruction decoded.
 *   - options is a comma-separated list; this plugin understands "intel" and "att" (the default,
 *     like binutils-based hsdis) and ignores others.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <capstone/capstone.h>

#if defined(__x86_64__)
#define SC_ARCH CS_ARCH_X86
#define SC_MODE CS_MODE_64
#elif defined(__aarch64__)
#define SC_ARCH CS_ARCH_ARM64
#define SC_MODE CS_MODE_ARM
#else
#error "switchcost-hsdis supports x86-64 and aarch64"
#endif

typedef void *(*event_fn)(void *stream, const char *event, void *arg);
typedef int (*printf_fn)(void *stream, const char *format, ...);

static int has_option(const char *options, const char *name) {
    size_t n = strlen(name);
    const char *p = options;
    while (p != NULL && *p != '\0') {
        const char *end = strchr(p, ',');
        size_t len = end == NULL ? strlen(p) : (size_t) (end - p);
        if (len == n && strncmp(p, name, n) == 0) {
            return 1;
        }
        p = end == NULL ? NULL : end + 1;
    }
    return 0;
}

__attribute__((visibility("default")))
void *decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va, unsigned char *buffer, uintptr_t length,
                                  event_fn event_callback, void *event_stream, printf_fn printf_callback,
                                  void *printf_stream, const char *options, int newline) {
    csh handle;
    if (cs_open(SC_ARCH, SC_MODE, &handle) != CS_ERR_OK) {
        printf_callback(printf_stream, "switchcost-hsdis: capstone cannot open this architecture\n");
        return (void *) start_va;
    }
#if defined(__x86_64__)
    if (!has_option(options, "intel")) {
        /* AT&T unless asked otherwise; a Capstone built without AT&T support keeps Intel. */
        cs_option(handle, CS_OPT_SYNTAX, CS_OPT_SYNTAX_ATT);
    }
#endif
    /* Skip bytes Capstone cannot decode (data inside code), so the rest still prints. */
    cs_option(handle, CS_OPT_SKIPDATA, CS_OPT_ON);

    uintptr_t limit = end_va - start_va < length ? end_va - start_va : length;
    const uint8_t *code = buffer;
    size_t size = (size_t) limit;
    uint64_t address = start_va;
    cs_insn *insn = cs_malloc(handle);
    while (size > 0 && cs_disasm_iter(handle, &code, &size, &address, insn)) {
        if (event_callback != NULL) {
            event_callback(event_stream, "insn", (void *) (uintptr_t) insn->address);
        }
        printf_callback(printf_stream, "%s%s%s", insn->mnemonic, insn->op_str[0] ? " " : "", insn->op_str);
        if (event_callback != NULL) {
            event_callback(event_stream, "/insn", (void *) (uintptr_t) (insn->address + insn->size));
        }
        if (newline) {
            printf_callback(printf_stream, "\n");
        }
    }
    cs_free(insn, 1);
    cs_close(&handle);
    return (void *) (uintptr_t) address;
}
