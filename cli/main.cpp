// SPDX-License-Identifier: Apache-2.0 OR MIT
// urix: the command-line tool (SPEC sections 3-5 and 8).
//
// How it is put together, and how to add a verb
// ---------------------------------------------
// A verb (encode, decode, check, ...) is one file in cli/verbs/ that defines a `verb` (see
// verb.h): its name, a summary, its traits, and `declare`, which adds its own options to its
// CLI11 subcommand and returns a factory. After parsing, the factory validates the options
// (throwing usage_error) and makes a `processor`, whose one job is
//
//     result<std::size_t> process(std::string_view in, bool last, output& out);
//
// turn (a prefix of) one input into output. Everything else is shared, here and in input.cpp:
// the input modes (arguments, stdin lines, -0, --whole streaming), buffered output,
// diagnostics with column and caret, exit codes, and I/O errors. To add a verb: write
// cli/verbs/NAME.cpp defining `const verb NAME_verb`, and add the file and NAME to
// cli/CMakeLists.txt (its list of verbs is the only one). Options for every verb (-0,
// --whole, --kernel) go where -0 and --whole are added below.
//
// Exit codes: 0 success, 1 an input was rejected, 2 usage or I/O error.
#include <sched.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "diagnostics.h"
#include "docgen.h"
#include "input.h"
#include "output.h"
#include "suggest.h"
#include "urix/config.h"
#include "urix/kernel.h"
#include "urix/sets.h"
#include "urix/version.h"
#include "verb.h"

namespace urix::cli {
namespace {

// The verbs of this build (the list in cli/CMakeLists.txt). The IRI verbs convert hosts
// through IDNA and --charset through ICU's converters: a build without IDNA (URIX_IDNA=OFF,
// no ICU) has neither, and says so.
#define URIX_CLI_VERB_ADDRESS(name) &name##_verb,
constexpr std::array verbs{URIX_CLI_VERBS(URIX_CLI_VERB_ADDRESS)};
#undef URIX_CLI_VERB_ADDRESS
constexpr std::array<std::string_view, URIX_CLI_ABSENT_VERB_COUNT> absent_verbs{URIX_CLI_ABSENT_VERBS};
// What `urix`, `urix --help` and a verb this build lacks say of what it lacks.
constexpr std::string_view absent_note =
    "Not in this build, made without IDNA (URIX_IDNA=OFF: no ICU): the verbs to-uri,\n"
    "to-iri and explain, the --charset and --ncr options of encode and decode, and --whatwg\n"
    "(the URL Standard).\n";

// --kernel NAME forces the codec kernel (urix/kernel.h). It takes effect while the command
// line is parsed, so that `urix --kernel scalar --version` shows it; a kernel this build or
// CPU lacks is a usage error naming the ones it has.
void add_kernel_option(CLI::App& app) {
  std::string names = "auto";
  for (std::string_view k : available_kernels()) (names += ' ') += k;
  app.add_option_function<std::string>(
         "--kernel",
         [names](const std::string& name) {
           if (!force_kernel(name))
             throw CLI::ValidationError("--kernel", "unknown or unsupported kernel '" + name +
                                                        "'; available: " + names);
         },
         "Force the codec kernel: " + names)
      ->trigger_on_parse();
}

// The options every verb has.
struct common_options {
  bool null = false;
  bool whole = false;
  bool keep_going = false;
  bool crlf = false;
  std::string errors = "text";
  std::vector<std::string> inputs;
};

// Rewrites the spelled forms of `v`'s options with an optional value (verb.h) among `args`,
// the verb's own arguments; those after "--" are inputs and stay.
void rewrite_optional_values(const verb& v, std::vector<std::string>& args) {
  for (std::string& a : args) {
    if (a == "--") break;
    for (const optional_value& o : v.optional_values)
      if (a == o.written) a = o.flag;
  }
}

// A long option that `command` does not have: a usage error naming the nearest it has.
// (CLI11 would say only "The following arguments were not expected".)
[[noreturn]] void throw_unknown_option(const std::string& name, const CLI::App& command) {
  std::vector<std::string> spelled;
  for (const CLI::Option* o : command.get_options())
    for (const std::string& l : o->get_lnames())
      if (!o->get_group().empty()) spelled.push_back("--" + l);  // hidden ones are not offered
  const std::vector<std::string_view> names(spelled.begin(), spelled.end());
  const std::string hint = did_you_mean(name, names);
  throw usage_error("unknown option '" + name + "'" +
                    (hint.empty() ? "; an input that starts with '-' goes after '--'" : hint));
}

// Takes the inputs (STRING arguments) out of `args`, the arguments after the verb's name.
// CLI11 2.1 reads a positional argument written "[a,b]" as the list a, b, even after "--";
// inputs are data, so CLI11 sees only the options. An input is every argument after "--", and
// before it every argument that is neither an option ("-x", "--x", "--x=v") nor the value of
// an option that takes one ("--set NAME"). A lone "-" is an input. A verb's own positional
// arguments (resolve's BASE) come first and stay with CLI11.
std::vector<std::string> take_inputs(std::vector<std::string>& args, const CLI::App& command) {
  std::size_t own_positionals = command
      .get_options([](const CLI::Option* o) { return o->get_positional() && o->get_name() != "STRING"; })
      .size();
  std::vector<std::string> inputs;
  std::vector<std::string> options;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") {
      auto rest = args.begin() + static_cast<std::ptrdiff_t>(i) + 1;
      if (own_positionals > 0) options.emplace_back("--");  // what follows is BASE, not an option
      for (; own_positionals > 0 && rest != args.end(); --own_positionals) options.push_back(*rest++);
      inputs.insert(inputs.end(), rest, args.end());
      break;
    }
    if (a.size() < 2 || a[0] != '-') {
      if (own_positionals > 0) {
        --own_positionals;
        options.push_back(a);
      } else {
        inputs.push_back(a);
      }
      continue;
    }
    const std::size_t eq = a.find('=');
    const CLI::Option* opt = command.get_option_no_throw(a.substr(0, eq));
    if (opt == nullptr && a.starts_with("--")) throw_unknown_option(a.substr(0, eq), command);
    const bool takes_value = opt != nullptr && opt->get_items_expected_min() > 0;
    if (takes_value && eq + 1 == a.size()) {
      // "--allow=" is an empty value, as "--allow ''" is (CLI11 reads it as none).
      options.push_back(a.substr(0, eq));
      options.emplace_back();
      continue;
    }
    options.push_back(a);
    if (takes_value && eq == std::string::npos && i + 1 < args.size())
      options.push_back(args[++i]);  // the option's value, whatever it looks like
  }
  args = std::move(options);
  return inputs;
}

// URIX_THREADS: how many worker threads run blocks of records in line and -0 modes
// (cli/input.h). By default the CPUs this process may run on, at most 8 (past that, reading
// and writing on the main thread is what limits). A bad value is a configuration mistake
// worth one line on stderr, as with URIX_KERNEL, not a reason to fail.
unsigned worker_threads() {
  constexpr unsigned most_by_default = 8;
  constexpr unsigned most = 64;
  cpu_set_t cpus;
  const int usable = ::sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus) : 1;
  const unsigned fallback = std::clamp(static_cast<unsigned>(usable), 1u, most_by_default);
  const char* env = std::getenv("URIX_THREADS");
  if (env == nullptr || *env == '\0') return fallback;
  const std::string_view text(env);
  unsigned n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec == std::errc{} && end == text.data() + text.size() && n >= 1 && n <= most) return n;
  report_message("", "URIX_THREADS=" + std::string(text) + " is not a number of threads from 1 to " +
                         std::to_string(most) + "; using " + std::to_string(fallback));
  return fallback;
}

int run(const verb& v, const processor_factory& make, const common_options& common) {
  output out(STDOUT_FILENO);
  try {
    if (!common.inputs.empty() && (common.null || common.whole))
      throw usage_error(std::string(common.whole ? "--whole" : "-0/--null") +
                        " reads standard input; it cannot be used with STRING arguments");
    if (common.null && common.whole) throw usage_error("-0/--null and --whole exclude each other");
    if (common.crlf && (common.null || common.whole))
      throw usage_error(std::string("--crlf reads lines; it cannot be used with ") +
                        (common.whole ? "--whole" : "-0/--null"));
    if (common.whole && v.traits.takes_two_inputs)
      throw usage_error(std::string(v.name) + " compares two inputs; --whole reads one");
    set_error_format(common.errors == "json" ? error_format::json : error_format::text);
    // The processor of this run; line and -0 modes make one more for each worker thread.
    auto make_processor = [&] {
      using namespace std::string_view_literals;
      auto p = make();
      p->record_terminators = common.whole  ? ""sv
                              : common.null ? "\0"sv
                              : common.crlf ? "\r\n"sv
                                            : "\n"sv;
      return p;
    };
    auto proc = make_processor();
    run_context ctx{v.name, v.traits, *proc, out, common.keep_going, common.crlf};
    int status = 0;
    if (!common.inputs.empty()) {
      status = run_arguments(ctx, common.inputs);
    } else if (common.whole) {
      status = run_whole(ctx, STDIN_FILENO);
    } else {
      ctx.threads = worker_threads();
      ctx.make_processor = make_processor;
      status = run_records(ctx, STDIN_FILENO, common.null ? '\0' : '\n');
    }
    if (status != 0) status = v.traits.rejected_status;
    if (status == 0) status = proc->finish(out);
    out.flush();
    return status;
  } catch (const usage_error& e) {
    report_message(v.name, e.what());
    report_message(v.name, std::string("run 'urix ") + v.name + " --help' for usage");
    return 2;
  } catch (const rejected_input& e) {
    out.flush();
    report_error(v.name, std::nullopt, e.failure.offset, e.failure.code,
                 context_of(e.input, e.failure.offset));
    return v.traits.rejected_status;
  } catch (const io_error& e) {
    report_message(v.name, e.what());
    return 2;
  } catch (const std::bad_alloc&) {
    report_message(v.name, "out of memory");
    return 2;
  }
}

// --help and --version: what CLI11 prints, with a failed write reported as every verb
// reports it (exit 2), not lost.
int print_help(CLI::App& app, const CLI::ParseError& e) {
  app.exit(e);
  std::cout.flush();
  if (std::cout.fail()) {
    report_message("", std::string("write error: ") + std::strerror(errno));
    return 2;
  }
  return 0;
}

// Writes `text` to stdout: 0, or 2 with the write error reported.
int write_stdout(std::string_view text) {
  output out(STDOUT_FILENO, text.size());
  try {
    out.write(text);
    out.flush();
  } catch (const io_error& e) {
    report_message("", e.what());
    return 2;
  }
  return 0;
}

// `urix` alone and `urix help`: the verbs, one line each (SPEC 8).
int list_verbs() {
  std::string text = "urix: percent-encoding and URI characters, exactly as RFC 3986 says\n\n"
                     "Usage: urix [--kernel NAME] VERB [OPTIONS] [STRING...]\n\nVerbs:\n";
  for (const verb* v : verbs) {
    std::string name = v->name;
    name.resize(std::max<std::size_t>(name.size() + 2, 12), ' ');
    ((text += "  ") += name) += v->summary;
    text += '\n';
  }
  text += "  sets        List the named character sets and what each allows\n";
  if (!absent_verbs.empty()) (text += '\n') += absent_note;
  text +=
      "\nRun 'urix help VERB' or 'urix VERB --help' for a verb's options; 'urix --help' "
      "for urix's own.\n";
  return write_stdout(text);
}

// What an unknown word before the verb gets: the nearest global option, or what is allowed.
std::string before_verb_hint(std::string_view name, std::span<const std::string_view> options) {
  const std::string hint = did_you_mean(name, options);
  return hint.empty() ? "; before the verb urix takes only --kernel NAME, --help and --version"
                      : hint;
}

// The ASCII characters `set` allows, in byte order, separated by spaces: a run of 4 or more
// digits or letters of one case as "first-last", the space as SP (as in RFC 5234):
// "- . 0-9 A-Z _ a-z ~".
std::string allowed_characters(const charset& set) {
  auto kind = [](unsigned c) {
    return c >= '0' && c <= '9' ? 1 : c >= 'A' && c <= 'Z' ? 2 : c >= 'a' && c <= 'z' ? 3 : 0;
  };
  auto allowed = [&](unsigned c) { return set.contains(static_cast<unsigned char>(c)); };
  std::string text;
  for (unsigned c = 0; c < 0x80; ++c) {
    if (!allowed(c)) continue;
    if (!text.empty()) text += ' ';
    unsigned last = c;
    while (kind(c) != 0 && last + 1 < 0x80 && kind(last + 1) == kind(c) && allowed(last + 1))
      ++last;
    if (c == ' ') {
      text += "SP";
    } else if (last - c + 1 >= 4) {
      ((text += static_cast<char>(c)) += '-') += static_cast<char>(last);
      c = last;
    } else {
      text += static_cast<char>(c);
    }
  }
  return text;
}

// `urix sets [NAME...]`: each named set (SPEC 2), or those named, with what it allows.
int list_sets(std::span<const std::string> names) {
  if (std::find_if(names.begin(), names.end(),
                   [](const std::string& n) { return n == "--help" || n == "-h"; }) != names.end())
    return write_stdout(
        "List the named character sets and the ASCII characters each allows (bytes >= 0x80\n"
        "are never allowed). Runs of letters or digits are written first-last; SP is the space.\n"
        "Usage: urix sets [NAME...]\n\n"
        "Options:\n"
        "  -h,--help                   Print this help message and exit\n\n"
        "Examples:\n"
        "  $ urix sets unreserved query-param\n"
        "  unreserved            - . 0-9 A-Z _ a-z ~\n"
        "  query-param           ! $ ' ( ) * , - . / 0-9 : ; ? @ A-Z _ a-z ~\n"
        "\nExit status: 0 success, 2 an unknown set name or an I/O error.\n");
  std::vector<std::string_view> known;
  for (const auto& s : sets::named_sets) known.push_back(s.name);
  for (const std::string& n : names) {
    if (find_named_set(n) != nullptr) continue;
    const std::string hint = did_you_mean(n, known);
    report_message("sets", "unknown set '" + n + "'" + (hint.empty() ? "" : hint));
    report_message("sets", "run 'urix sets' for every set");
    return 2;
  }
  std::string text;
  for (const auto& s : sets::named_sets) {
    if (!names.empty() && std::find(names.begin(), names.end(), s.name) == names.end()) continue;
    std::string name(s.name);
    name.resize(std::max<std::size_t>(name.size() + 2, 22), ' ');
    (text += name) += allowed_characters(s.set);
    if (s.space_as_plus) text += " (space written as +)";
    text += '\n';
  }
  return write_stdout(text);
}

// `urix --man DATE`, `urix --completion SHELL` (hidden; the build runs them): the man page or a
// shell's completion script, generated from the options declared in main() (cli/docgen.h).
int print_generated(const std::string& text, const std::string& what) {
  if (text.empty()) {
    report_message("", "no completion script for '" + what + "'; shells: bash zsh fish");
    return 2;
  }
  return write_stdout(text);
}

int main(std::vector<std::string> args) {
  if (args.empty() || (args.size() == 1 && args[0] == "help")) return list_verbs();
  // `urix help VERB` is `urix VERB --help`.
  if (args.size() == 2 && args[0] == "help") args = {args[1], "--help"};
  CLI::App app("urix: percent-encoding and URI characters, exactly as RFC 3986 says", "urix");
  // The second line says which codec kernel runs (after --kernel, if given).
  app.set_version_flag("--version", [] {
    return std::string("urix " URIX_VERSION_STRING "\nkernel: ") +
           std::string(active_kernel_name());
  });
  // As with getopt, an option given twice takes its last value; and a flag takes no value
  // (CLI11 would read `--utf8=false` as the flag turned off, silently).
  app.option_defaults()
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
      ->disable_flag_override();
  add_kernel_option(app);
  app.require_subcommand(1);
  app.footer(
      std::string(absent_verbs.empty() ? "" : absent_note) +
      "Input: each STRING is one input; without STRINGs, each line of standard input.\n"
      "Exit status: 0 success, 1 an input was rejected, 2 usage or I/O error.\n"
      "Run 'urix VERB --help' for a verb's options.");

  common_options common;
  std::array<processor_factory, verbs.size()> factories;
  std::array<CLI::App*, verbs.size()> commands{};
  for (std::size_t i = 0; i < verbs.size(); ++i) {
    CLI::App* cmd = app.add_subcommand(verbs[i]->name, verbs[i]->summary);
    factories[i] = verbs[i]->declare(*cmd);
    cmd->add_flag("-0,--null", common.null,
                  "Read NUL-separated inputs from stdin and end each output with NUL");
    cmd->add_flag("--whole", common.whole,
                  "Read all of stdin as one input (binary-safe, streamed); no newline is added");
    cmd->add_flag("-k,--keep-going", common.keep_going,
                  "Report a rejected input, write an empty line for it and go on; exit 1 at "
                  "the end");
    cmd->add_option("--errors", common.errors,
                    "How rejected inputs are reported on stderr: text (default), or json: one "
                    "object per line")
        ->check(CLI::IsMember({"text", "json"}));
    cmd->add_flag("--crlf", common.crlf,
                  "Lines end in \\r\\n: the \\r is not input, and each output line ends so");
    add_kernel_option(*cmd);
    cmd->add_option("STRING", common.inputs, "Inputs (default: each line of standard input)");
    std::string footer = "Examples:\n";
    for (std::size_t from = 0, end; from < verbs[i]->examples.size(); from = end + 1) {
      end = std::min(verbs[i]->examples.find('\n', from), verbs[i]->examples.size());
      ((footer += "  ") += verbs[i]->examples.substr(from, end - from)) += '\n';
    }
    cmd->footer(footer +
                "\nExit status: 0 success, 1 an input was rejected, 2 usage or I/O error.");
    commands[i] = cmd;
  }

  if (args.size() == 2 && args[0] == "--man") return print_generated(man_page(app, verbs, args[1]), "");
  if (args.size() == 2 && args[0] == "--completion")
    return print_generated(completion_script(app, verbs, args[1]), args[1]);

  // What comes before the verb is urix's own: --kernel NAME, --help, --version. CLI11 would
  // misread anything else there ("A subcommand is required" for a misspelt verb or an unknown
  // option, "-0 not expected" for a verb's option), so it is checked here, saying what is right.
  std::string verb_names;
  for (const verb* v : verbs) (verb_names += ' ') += v->name;
  constexpr std::array<std::string_view, 3> global_options{"--kernel", "--help", "--version"};
  bool asks_help = false;
  std::size_t at = 0;  // the verb's position
  for (; at < args.size(); ++at) {
    const std::string& a = args[at];
    if (a == "--kernel") {
      ++at;  // its value
    } else if (a == "--help" || a == "-h" || a == "--version") {
      asks_help = true;
    } else if (a.size() > 1 && a[0] == '-' && a.rfind("--kernel=", 0) != 0) {
      const std::string name = a.substr(0, a.find('='));
      const bool verbs_option = std::any_of(commands.begin(), commands.end(), [&](CLI::App* c) {
        return c->get_option_no_throw(name) != nullptr;
      });
      report_message("", verbs_option ? "option '" + name + "' belongs to the verb: write it " +
                                            "after the verb's name (urix VERB " + name + " ...)"
                                      : "unknown option '" + name + "'" +
                                            before_verb_hint(name, global_options));
      report_message("", "run 'urix --help' for usage");
      return 2;
    } else if (a.rfind("--kernel=", 0) != 0) {
      break;
    }
  }
  if (at >= args.size() && !asks_help && !(!args.empty() && args.back() == "--kernel")) {
    report_message("", "no verb given; verbs are:" + verb_names);
    report_message("", "run 'urix --help' for usage");
    return 2;
  }
  // `sets` is not a verb (it reads no input): after urix's own options, it lists the sets.
  if (at < args.size() && args[at] == "sets") return list_sets(std::span(args).subspan(at + 1));
  std::vector<std::string> inputs;
  if (at < args.size()) {
    const auto named = std::find_if(verbs.begin(), verbs.end(),
                                    [&](const verb* v) { return args[at] == v->name; });
    if (named == verbs.end() &&
        std::find(absent_verbs.begin(), absent_verbs.end(), args[at]) != absent_verbs.end()) {
      report_message("", "'" + args[at] + "' is not in this build: it was made without IDNA " +
                             "(URIX_IDNA=OFF: no ICU)");
      report_message("", "run 'urix --help' for usage");
      return 2;
    }
    if (named == verbs.end()) {
      std::vector<std::string_view> names;
      for (const verb* v : verbs) names.emplace_back(v->name);
      names.emplace_back("sets");
      names.emplace_back("help");
      const std::string hint = did_you_mean(args[at], names);
      report_message("", "unknown verb '" + args[at] + "'" + (hint.empty() ? ";" : hint) +
                             " verbs are:" + verb_names);
      report_message("", "run 'urix --help' for usage");
      return 2;
    }
    // The verb's own arguments: options for CLI11, inputs kept apart (take_inputs).
    std::vector<std::string> rest(args.begin() + static_cast<std::ptrdiff_t>(at) + 1, args.end());
    rewrite_optional_values(**named, rest);
    try {
      inputs = take_inputs(rest, *commands[static_cast<std::size_t>(named - verbs.begin())]);
    } catch (const usage_error& e) {
      report_message((*named)->name, e.what());
      report_message((*named)->name,
                     std::string("run 'urix ") + (*named)->name + " --help' for usage");
      return 2;
    }
    args.resize(at + 1);
    args.insert(args.end(), rest.begin(), rest.end());
  }
  std::reverse(args.begin(), args.end());  // CLI11 takes a vector in reverse order
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return print_help(app, e);  // --help, --version
    std::string verb_name;
    for (std::size_t i = 0; i < verbs.size(); ++i)
      if (commands[i]->parsed()) verb_name = verbs[i]->name;
    report_message(verb_name, e.what());
    report_message(verb_name, verb_name.empty() ? "run 'urix --help' for usage"
                                                : "run 'urix " + verb_name + " --help' for usage");
    return 2;
  }
  common.inputs = std::move(inputs);
  for (std::size_t i = 0; i < verbs.size(); ++i)
    if (commands[i]->parsed()) return run(*verbs[i], factories[i], common);
  return 2;  // unreachable: require_subcommand(1)
}

}  // namespace
}  // namespace urix::cli

int main(int argc, char** argv) {
  return urix::cli::main(std::vector<std::string>(argv + 1, argv + argc));
}
