#pragma once
// MAZEWORKS_ASAN is 1 in a program built with AddressSanitizer, by GCC (which defines
// __SANITIZE_ADDRESS__) or by clang (which answers __has_feature instead).

#if defined(__SANITIZE_ADDRESS__)
#define MAZEWORKS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MAZEWORKS_ASAN 1
#endif
#endif
#ifndef MAZEWORKS_ASAN
#define MAZEWORKS_ASAN 0
#endif
