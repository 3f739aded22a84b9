#define _GNU_SOURCE
#include "cmark_support.h"
#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>

typedef void (*character_switch)(struct cmark_parser *, int);

void cmark_manage_extensions_special_characters(struct cmark_parser *parser, int add);

static _Atomic int steady_mode = 0;
static _Thread_local int lone_pass = 0;
static _Atomic long switch_requests = 0;
static _Atomic(character_switch) library_switch = NULL;

/// cmark-gfm's own switch, the next definition of the symbol after this one.
static character_switch find_library_switch(void) {
  character_switch found = atomic_load(&library_switch);
  if (found == NULL) {
    found = (character_switch)dlsym(RTLD_NEXT, "cmark_manage_extensions_special_characters");
    if (found == &cmark_manage_extensions_special_characters) found = NULL;
    atomic_store(&library_switch, found);
  }
  return found;
}

void teletype_cmark_set_steady_mode(int steady) { atomic_store(&steady_mode, steady); }

void teletype_cmark_set_lone_pass(int lone) { lone_pass = lone; }

long teletype_cmark_switch_requests(void) { return atomic_load(&switch_requests); }

int teletype_cmark_switch_characters(struct cmark_parser *parser, int add) {
  character_switch library = find_library_switch();
  if (library == NULL) return 0;
  library(parser, add);
  return 1;
}

// Stands in for cmark-gfm's switch, which cmark-gfm calls at the start and end of every inline pass.
void cmark_manage_extensions_special_characters(struct cmark_parser *parser, int add) {
  atomic_fetch_add(&switch_requests, 1);
  if (atomic_load(&steady_mode) && !lone_pass) return;
  character_switch library = find_library_switch();
  if (library != NULL) library(parser, add);
}
