// SPDX-License-Identifier: Apache-2.0 OR MIT
// tools/qemu/insn_count.cpp: a QEMU TCG plugin that counts the guest instructions a program
// executes and prints "insns: N" on stderr when it exits. Debian's qemu-user can load
// plugins (-plugin) but ships none, nor qemu-plugin.h: the few functions used here are
// declared from the documented plugin API (version 1, QEMU 7.2). tools/insns.sh builds and
// uses it. Counting is inline (one add per translated block run), so it barely slows qemu.
#include <cinttypes>
#include <cstddef>
#include <cstdint>
#include <cstdio>

extern "C" {
using qemu_plugin_id_t = std::uint64_t;
struct qemu_info_t;
struct qemu_plugin_tb;
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
                                           void (*cb)(qemu_plugin_id_t, qemu_plugin_tb*));
void qemu_plugin_register_vcpu_tb_exec_inline(qemu_plugin_tb* tb, qemu_plugin_op op, void* ptr,
                                              std::uint64_t imm);
std::size_t qemu_plugin_tb_n_insns(const qemu_plugin_tb* tb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, void (*cb)(qemu_plugin_id_t, void*),
                                    void* userdata);

__attribute__((visibility("default"))) extern const int qemu_plugin_version;
__attribute__((visibility("default"))) int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t* info,
                                                              int argc, char** argv);
}

namespace {

std::uint64_t executed = 0;  // one guest thread: urix's measurements are single-threaded

void on_translate(qemu_plugin_id_t, qemu_plugin_tb* tb) {
  // Each time the block runs, add its instruction count.
  qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &executed,
                                           qemu_plugin_tb_n_insns(tb));
}

void on_exit(qemu_plugin_id_t, void*) { std::fprintf(stderr, "insns: %" PRIu64 "\n", executed); }

}  // namespace

extern "C" {
const int qemu_plugin_version = 1;

int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t*, int, char**) {
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
  qemu_plugin_register_atexit_cb(id, on_exit, nullptr);
  return 0;
}
}
