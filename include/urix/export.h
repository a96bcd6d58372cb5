// SPDX-License-Identifier: Apache-2.0 OR MIT
/* urix/export.h: URIX_API, the mark of what the urix shared libraries export.
 *
 * The libraries are built with hidden visibility (-fvisibility=hidden
 * -fvisibility-inlines-hidden): only declarations marked URIX_API (the public C++ API in
 * include/urix/ and the C API in urix/c.h) are in their dynamic symbol tables, so the private
 * code of src/ can change without breaking the ABI, and calls inside the library are direct.
 * A static library is unaffected. Plain C, so that urix/c.h can include it. */
#ifndef URIX_EXPORT_H
#define URIX_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define URIX_API __attribute__((visibility("default")))
#else
#define URIX_API
#endif

#endif /* URIX_EXPORT_H */
