#include "seen_words.h"

#include <stdlib.h>
#include <string.h>

unsigned int seenWordsHash(const char *word, int length) {
    unsigned int hash = 2166136261u;
    for (int index = 0; index < length; index++) hash = (hash ^ (unsigned char)word[index]) * 16777619u;
    return hash;
}

/// Makes `seen` `capacity` slots (a power of two) for the words of the document so far, moved to
/// a larger allocation when it has too few. 0 when memory ran out.
static int resize(SeenWords *seen, unsigned int capacity) {
    if (capacity > seen->allocated) {
        unsigned int allocated = seen->allocated == 0 ? capacity : seen->allocated;
        while (allocated < capacity) allocated *= 2;
        SeenSlot *slots = calloc(allocated, sizeof(SeenSlot));
        if (slots == NULL) return 0;
        for (unsigned int index = 0; seen->slots != NULL && index <= seen->mask; index++) {
            SeenSlot slot = seen->slots[index];
            if (slot.generation != seen->generation) continue;
            unsigned int place = slot.hash & (capacity - 1);
            while (slots[place].generation == seen->generation) place = (place + 1) & (capacity - 1);
            slots[place] = slot;
        }
        free(seen->slots);
        seen->slots = slots;
        seen->allocated = allocated;
    } else if (seen->count > 0) {
        // Within the same allocation: the document's words again, in a generation of their own.
        SeenSlot *old = malloc((seen->mask + 1) * sizeof(SeenSlot));
        if (old == NULL) return 0;
        memcpy(old, seen->slots, (seen->mask + 1) * sizeof(SeenSlot));
        unsigned int previous = seen->generation;
        if (++seen->generation == 0) {
            memset(seen->slots, 0, seen->allocated * sizeof(SeenSlot));
            seen->generation = 1;
        }
        for (unsigned int index = 0; index <= seen->mask; index++) {
            if (old[index].generation != previous) continue;
            SeenSlot slot = old[index];
            slot.generation = seen->generation;
            unsigned int place = slot.hash & (capacity - 1);
            while (seen->slots[place].generation == seen->generation) place = (place + 1) & (capacity - 1);
            seen->slots[place] = slot;
        }
        free(old);
    }
    seen->mask = capacity - 1;
    return 1;
}

int seenWordsBegin(SeenWords *seen, int length) {
    if (++seen->generation == 0) {
        if (seen->slots != NULL) memset(seen->slots, 0, seen->allocated * sizeof(SeenSlot));
        seen->generation = 1;
    }
    seen->count = 0;
    seen->used = 0;
    // A word and its separator take two bytes or more: room for a fifth of that, grown if need be.
    unsigned int capacity = 64;
    while (capacity < (unsigned int)(length / 5) && capacity < (1u << 30)) capacity *= 2;
    return resize(seen, capacity);
}

void seenWordsFree(SeenWords *seen) {
    free(seen->slots);
    free(seen->bytes);
    memset(seen, 0, sizeof(SeenWords));
}

int seenWordsAdd(SeenWords *seen, const char *word, int length) {
    unsigned int hash = seenWordsHash(word, length);
    unsigned int place = hash & seen->mask;
    while (seen->slots[place].generation == seen->generation) {
        SeenSlot *slot = &seen->slots[place];
        if (slot->hash == hash && slot->length == (unsigned int)length
            && memcmp(seen->bytes + slot->offset, word, (size_t)length) == 0) {
            return 0;
        }
        place = (place + 1) & seen->mask;
    }
    if (seen->used + (size_t)length > seen->size) {
        size_t size = seen->size < 4096 ? 4096 : seen->size;
        while (size < seen->used + (size_t)length) size *= 2;
        char *bytes = realloc(seen->bytes, size);
        if (bytes == NULL) return -1;
        seen->bytes = bytes;
        seen->size = size;
    }
    if (length > 0) memcpy(seen->bytes + seen->used, word, (size_t)length);
    seen->slots[place] = (SeenSlot){seen->generation, hash, (unsigned int)seen->used, (unsigned int)length};
    seen->used += (size_t)length;
    seen->count++;
    // At most half the slots taken, for short probes.
    if (seen->count * 2 > seen->mask + 1 && !resize(seen, (seen->mask + 1) * 2)) return -1;
    return 1;
}
