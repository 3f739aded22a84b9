#include "cmark_support.h"
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// The layout of cmark-gfm's allocator, as its header declares it.
struct cmark_mem {
  void *(*calloc)(size_t, size_t);
  void *(*realloc)(void *, size_t);
  void (*free)(void *);
};

// Each allocation is preceded by a header holding its size, so that realloc knows what to copy.
// Blocks start small (a streamed reply parses a few lines at a time) and double up to a limit.
enum { HEADER = 16, ALIGN = 16, FIRST_BLOCK = 16 * 1024, LARGEST_BLOCK = 512 * 1024 };

typedef struct arena_block {
  struct arena_block *previous;
  size_t size;
  size_t used;
  _Alignas(16) unsigned char data[];
} arena_block;

typedef struct {
  int active;
  arena_block *top;
  unsigned char *last;  // the latest allocation, which may grow in place
  arena_block *spare;   // blocks kept from earlier arenas, linked by `previous`
  size_t spare_bytes;
} arena;

static _Thread_local arena current = {0, NULL, NULL, NULL, 0};

// Blocks of an ended arena are kept for the thread's next parse, up to this many bytes: the pages
// of a large document's next piece are then already there, instead of being mapped and zeroed
// again by the kernel. The rest goes back to the C library.
enum { KEPT_BYTES = 4 * 1024 * 1024 };

// Frees the blocks a thread kept, when the thread ends.
static pthread_key_t spare_key;
static pthread_once_t spare_key_once = PTHREAD_ONCE_INIT;

static void free_blocks(arena_block *block) {
  while (block != NULL) {
    arena_block *previous = block->previous;
    free(block);
    block = previous;
  }
}

static void thread_ended(void *unused) {
  (void)unused;
  free_blocks(current.spare);
  current.spare = NULL;
  current.spare_bytes = 0;
}

static void make_spare_key(void) { pthread_key_create(&spare_key, thread_ended); }

void teletype_cmark_arena_begin(void) {
  current.active = 1;
  current.top = NULL;
  current.last = NULL;
}

void teletype_cmark_arena_end(void) {
  arena_block *block = current.top;
  while (block != NULL) {
    arena_block *previous = block->previous;
    if (current.spare_bytes + block->size <= KEPT_BYTES) {
      if (current.spare == NULL) {
        pthread_once(&spare_key_once, make_spare_key);
        pthread_setspecific(spare_key, &current);
      }
      block->previous = current.spare;
      current.spare = block;
      current.spare_bytes += block->size;
    } else {
      free(block);
    }
    block = previous;
  }
  current.active = 0;
  current.top = NULL;
  current.last = NULL;
}

// A kept block of at least `capacity` bytes, taken off the spare list; NULL when there is none.
static arena_block *spare_block(size_t capacity) {
  arena_block **link = &current.spare;
  while (*link != NULL) {
    arena_block *block = *link;
    if (block->size >= capacity) {
      *link = block->previous;
      current.spare_bytes -= block->size;
      return block;
    }
    link = &block->previous;
  }
  return NULL;
}

int teletype_cmark_arena_active(void) { return current.active; }

static size_t rounded(size_t size) { return (size + HEADER + ALIGN - 1) & ~(size_t)(ALIGN - 1); }

static void *arena_allocate(size_t size) {
  if (size > SIZE_MAX - 2 * LARGEST_BLOCK) abort();
  size_t need = rounded(size);
  arena_block *top = current.top;
  if (top == NULL || top->size - top->used < need) {
    size_t next = top == NULL ? FIRST_BLOCK : top->size * 2;
    if (next > LARGEST_BLOCK) next = LARGEST_BLOCK;
    size_t capacity = need > next ? need : next;
    arena_block *block = spare_block(capacity);
    if (block != NULL) {
      capacity = block->size;
    } else {
      block = malloc(sizeof(arena_block) + capacity);
      if (block == NULL) abort();  // as cmark-gfm's own allocator does
    }
    block->previous = top;
    block->size = capacity;
    block->used = 0;
    current.top = top = block;
  }
  unsigned char *start = top->data + top->used;
  top->used += need;
  *(size_t *)start = size;
  current.last = start + HEADER;
  return start + HEADER;
}

static void *arena_calloc(size_t count, size_t size) {
  if (!current.active) {
    void *memory = calloc(count, size);
    if (memory == NULL) abort();
    return memory;
  }
  if (size != 0 && count > SIZE_MAX / size) abort();
  void *memory = arena_allocate(count * size);
  memset(memory, 0, count * size);
  return memory;
}

static void *arena_realloc(void *old, size_t size) {
  if (!current.active) {
    void *memory = realloc(old, size);
    if (memory == NULL) abort();
    return memory;
  }
  if (old == NULL) return arena_allocate(size);
  unsigned char *bytes = old;
  size_t old_size = *(size_t *)(bytes - HEADER);
  if (size <= old_size) {
    *(size_t *)(bytes - HEADER) = size;
    return old;
  }
  // The latest allocation grows where it is when its block has room.
  arena_block *top = current.top;
  if (bytes == current.last && top != NULL) {
    size_t start = (size_t)(bytes - HEADER - top->data);
    if (top->size - start >= rounded(size)) {
      top->used = start + rounded(size);
      *(size_t *)(bytes - HEADER) = size;
      return old;
    }
  }
  void *memory = arena_allocate(size);
  memcpy(memory, old, old_size);
  return memory;
}

static void arena_free(void *memory) {
  if (!current.active) free(memory);
}

static struct cmark_mem allocator = {arena_calloc, arena_realloc, arena_free};

struct cmark_mem *teletype_cmark_arena_allocator(void) { return &allocator; }
