// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "docgen.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <string>
#include <vector>

#include "urix/kernel.h"
#include "urix/sets.h"
#include "urix/version.h"

namespace urix::cli {
namespace {

// One option as the documents show it, read from its CLI11 declaration.
struct option_doc {
  std::vector<std::string> names;   // "-0", "--null"
  std::string value;                // "NAME" for an option that takes one; "" for a flag
  std::string help;
  std::vector<std::string> values;  // what the value may be, when it is one of a list
};

struct verb_doc {
  std::string name;
  std::string summary;
  std::vector<option_doc> options;
  std::string operands;  // "BASE [STRING...]"
};

// The values an option's value may take: the library's names for --set and --kernel, else the
// list of a CLI11 IsMember check ("TEXT:{text,json}").
std::vector<std::string> values_of(const std::string& name, const std::string& type) {
  std::vector<std::string> values;
  if (name == "--set") {
    for (const auto& s : sets::named_sets) values.emplace_back(s.name);
  } else if (name == "--kernel") {
    values.emplace_back("auto");
    for (std::string_view k : built_kernels()) values.emplace_back(k);
  } else if (const std::size_t open = type.find(":{"); open != std::string::npos) {
    const std::size_t close = type.find('}', open);
    std::string list = type.substr(open + 2, close - open - 2);
    for (std::size_t at = 0; at <= list.size();) {
      const std::size_t comma = std::min(list.find(',', at), list.size());
      values.push_back(list.substr(at, comma - at));
      at = comma + 1;
    }
  }
  return values;
}

// The visible named options of `command` (a hidden option has no group).
std::vector<option_doc> options_of(const CLI::App& command) {
  std::vector<option_doc> docs;
  for (const CLI::Option* o : command.get_options(
           [](const CLI::Option* o) { return o->nonpositional() && !o->get_group().empty(); })) {
    option_doc d;
    for (const std::string& s : o->get_snames()) d.names.push_back("-" + s);
    for (const std::string& l : o->get_lnames()) d.names.push_back("--" + l);
    d.help = o->get_description();
    if (o->get_items_expected_min() > 0) {
      const std::string type = o->get_type_name();
      d.value = type.substr(0, type.find(':'));
      d.values = values_of(d.names.back(), type);
    }
    docs.push_back(std::move(d));
  }
  return docs;
}

// `urix sets` lists the named sets; it reads no input, so it is not in the verb table
// (main.cpp runs it), but the documents treat it as a verb. Its one option is --help.
verb_doc sets_doc() {
  return {"sets", "List the named character sets and what each allows",
          {{{"-h", "--help"}, "", "Print this help message and exit", {}}}, "[NAME...]"};
}

std::vector<std::string> set_names() {
  std::vector<std::string> names;
  for (const auto& s : sets::named_sets) names.emplace_back(s.name);
  return names;
}

std::vector<verb_doc> verbs_of(const CLI::App& app, std::span<const verb* const> verbs) {
  std::vector<verb_doc> docs;
  for (const verb* v : verbs) {
    const CLI::App* command = app.get_subcommand(v->name);
    verb_doc d{v->name, v->summary, options_of(*command), ""};
    // The spelled forms of options with an optional value ("--utf8=replace"): the completions
    // offer them; the man page describes one only if its hidden flag has a description (the
    // visible option's help usually names the form).
    for (const optional_value& o : v->optional_values) {
      const CLI::Option* flag = command->get_option_no_throw(std::string(o.flag));
      d.options.push_back({{std::string(o.written)}, "", flag ? flag->get_description() : "", {}});
    }
    for (const CLI::Option* o : command->get_options([](const CLI::Option* o) { return o->get_positional(); })) {
      if (!d.operands.empty()) d.operands += ' ';
      const std::string name = o->get_name();
      d.operands += o->get_required() ? name : "[" + name + (o->get_expected_max() > 1 ? "...]" : "]");
    }
    docs.push_back(std::move(d));
  }
  return docs;
}

// The options every verb has (-0, --whole, --help, ...), documented once; the rest per verb.
std::vector<option_doc> take_common(std::vector<verb_doc>& verbs) {
  std::vector<option_doc> common;
  if (verbs.empty()) return common;
  for (const option_doc& o : verbs.front().options) {
    const bool everywhere = std::all_of(verbs.begin(), verbs.end(), [&](const verb_doc& v) {
      return std::any_of(v.options.begin(), v.options.end(),
                         [&](const option_doc& p) { return p.names == o.names; });
    });
    if (everywhere) common.push_back(o);
  }
  for (verb_doc& v : verbs)
    std::erase_if(v.options, [&](const option_doc& o) {
      return std::any_of(common.begin(), common.end(), [&](const option_doc& c) { return c.names == o.names; });
    });
  return common;
}

// ---- man(7) ---------------------------------------------------------------------------------

// Text for roff: a backslash is \e, lines are cut at spaces to at most 80 bytes (man pages are
// read as source too; roff fills them again), and a line may not start with a control character.
std::string roff(std::string_view text) {
  std::string out;
  std::size_t line_start = 0;
  std::size_t last_space = std::string::npos;
  for (char c : text) {
    if (out.size() == line_start && (c == '.' || c == '\'')) out += "\\&";
    if (c == '\\') {
      out += "\\e";
    } else {
      out += c;
    }
    if (c == '\n') {
      line_start = out.size();
      last_space = std::string::npos;
    } else if (c == ' ') {
      last_space = out.size() - 1;
    }
    if (out.size() - line_start > 80 && last_space != std::string::npos) {
      out[last_space] = '\n';
      line_start = last_space + 1;
      last_space = std::string::npos;
      if (out[line_start] == '.' || out[line_start] == '\'') out.insert(line_start, "\\&");
    }
  }
  return out;
}

// An option name in bold, its dashes as minus signs.
std::string roff_option(std::string_view name) {
  std::string out = "\\fB";
  for (char c : name) {
    if (c == '-') {
      out += "\\-";
    } else if (c == '\\') {
      out += "\\e";
    } else {
      out += c;
    }
  }
  return out + "\\fR";
}

// The options' entries; a spelled form ("--utf8=replace") is described by its option's own.
void man_options(std::string& out, const std::vector<option_doc>& options) {
  for (const option_doc& o : options) {
    if (o.help.empty()) continue;
    out += ".TP\n";
    for (std::size_t i = 0; i < o.names.size(); ++i) out += (i ? ", " : "") + roff_option(o.names[i]);
    if (!o.value.empty()) out += " \\fI" + roff(o.value) + "\\fR";
    out += '\n' + roff(o.help) + '\n';
  }
}

// ---- completions ----------------------------------------------------------------------------

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) (out += out.empty() ? "" : " ") += w;
  return out;
}

// `text` in single quotes for a POSIX shell, zsh or fish.
std::string shell_quoted(std::string_view text, bool fish = false) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') {
      out += fish ? "\\'" : "'\\''";
    } else if (fish && c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out + "'";
}

// Every option that takes a value from a list, once (the same name lists the same values).
std::vector<const option_doc*> valued(const std::vector<verb_doc>& verbs, const std::vector<option_doc>& global) {
  std::vector<const option_doc*> out;
  auto add = [&](const option_doc& o) {
    if (o.values.empty()) return;
    if (std::none_of(out.begin(), out.end(), [&](const option_doc* p) { return p->names == o.names; }))
      out.push_back(&o);
  };
  for (const option_doc& o : global) add(o);
  for (const verb_doc& v : verbs)
    for (const option_doc& o : v.options) add(o);
  return out;
}

std::string bash(const std::vector<verb_doc>& verbs, const std::vector<option_doc>& global) {
  std::vector<std::string> verb_names{"help"};
  for (const verb_doc& v : verbs) verb_names.push_back(v.name);
  std::vector<std::string> global_names;
  for (const option_doc& o : global) global_names.insert(global_names.end(), o.names.begin(), o.names.end());
  std::string s =
      "# bash completion for urix (generated by `urix --completion bash`)\n"
      "_urix() {\n"
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} verb= i\n"
      "  # The verb: the first word that is neither an option nor --kernel's value.\n"
      "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
      "    case ${COMP_WORDS[i]} in\n"
      "      --kernel) ((i++)) ;;\n"
      "      -*) ;;\n"
      "      *) verb=${COMP_WORDS[i]}; break ;;\n"
      "    esac\n"
      "  done\n"
      "  local words=\n"
      "  case $prev in\n";
  for (const option_doc* o : valued(verbs, global)) {
    std::string pattern;
    for (const std::string& n : o->names) (pattern += pattern.empty() ? "" : "|") += n;
    s += "    " + pattern + ") words=" + shell_quoted(joined(o->values)) + " ;;\n";
  }
  s += "  esac\n"
       "  if [[ -z $words ]]; then\n"
       "    case $verb in\n"
       "      '') words=" + shell_quoted(joined(verb_names) + " " + joined(global_names)) + " ;;\n"
       "      help) words=" + shell_quoted(joined(std::vector<std::string>(verb_names.begin() + 1, verb_names.end()))) + " ;;\n";
  for (const verb_doc& v : verbs) {
    std::vector<std::string> names;
    for (const option_doc& o : v.options) names.insert(names.end(), o.names.begin(), o.names.end());
    if (v.name == "sets") {  // its operands are set names
      s += "      sets) words=" + shell_quoted(joined(set_names()) + " " + joined(names)) + " ;;\n";
      continue;
    }
    s += "      " + v.name + ") [[ $cur == -* ]] && words=" + shell_quoted(joined(names)) + " ;;\n";
  }
  s += "    esac\n"
       "  fi\n"
       "  COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
       "}\n"
       "complete -F _urix urix\n";
  return s;
}

std::string zsh(const std::vector<verb_doc>& verbs, const std::vector<option_doc>& global) {
  auto described = [](const std::vector<option_doc>& options) {
    std::string out;
    for (const option_doc& o : options)
      for (const std::string& n : o.names) out += "    " + shell_quoted(n + ":" + o.help) + "\n";
    return out;
  };
  std::string s =
      "#compdef urix\n"
      "# zsh completion for urix (generated by `urix --completion zsh`)\n"
      "_urix() {\n"
      "  local verb i\n"
      "  for ((i = 2; i < CURRENT; i++)); do\n"
      "    case $words[i] in\n"
      "      --kernel) ((i++)) ;;\n"
      "      -*) ;;\n"
      "      *) verb=$words[i]; break ;;\n"
      "    esac\n"
      "  done\n"
      "  case $words[CURRENT-1] in\n";
  for (const option_doc* o : valued(verbs, global)) {
    std::string pattern;
    for (const std::string& n : o->names) (pattern += pattern.empty() ? "" : "|") += n;
    s += "    " + pattern + ") compadd -- " + joined(o->values) + "; return ;;\n";
  }
  s += "  esac\n"
       "  local -a items\n"
       "  case $verb in\n"
       "    '')\n"
       "      items=(\n";
  for (const verb_doc& v : verbs) s += "    " + shell_quoted(v.name + ":" + v.summary) + "\n";
  s += "    'help:Show the verbs, or a verb'\\''s options'\n" + described(global) +
       "      ) ;;\n"
       "    help)\n"
       "      items=(\n";
  for (const verb_doc& v : verbs) s += "    " + shell_quoted(v.name + ":" + v.summary) + "\n";
  s += "      ) ;;\n";
  for (const verb_doc& v : verbs) {
    s += "    " + v.name + ")\n"
         "      [[ $PREFIX == -* ]] || return 1\n"
         "      items=(\n" + described(v.options) + "      ) ;;\n";
  }
  s += "    *) return 1 ;;\n"
       "  esac\n"
       "  _describe -t urix 'urix' items\n"
       "}\n"
       "_urix \"$@\"\n";
  return s;
}

std::string fish(const std::vector<verb_doc>& verbs, const std::vector<option_doc>& global) {
  std::string s =
      "# fish completion for urix (generated by `urix --completion fish`)\n"
      "complete -c urix -f\n"
      "complete -c urix -n __fish_use_subcommand -a help -d 'Show the verbs, or a verb\\'s options'\n";
  auto option = [&](const std::string& condition, const option_doc& o) {
    std::string line = "complete -c urix -n " + shell_quoted(condition, true);
    for (const std::string& n : o.names) {
      if (n.find('=') != std::string::npos) return;  // "--utf8=replace": fish completes --utf8
      line += n.size() == 2 ? " -s " + n.substr(1) : " -l " + n.substr(2);
    }
    if (!o.value.empty()) line += o.values.empty() ? " -r" : " -x -a " + shell_quoted(joined(o.values), true);
    s += line + " -d " + shell_quoted(o.help, true) + "\n";
  };
  for (const option_doc& o : global) option("__fish_use_subcommand", o);
  for (const verb_doc& v : verbs) {
    s += "complete -c urix -n __fish_use_subcommand -a " + v.name + " -d " + shell_quoted(v.summary, true) + "\n";
    s += "complete -c urix -n " + shell_quoted("__fish_seen_subcommand_from help", true) + " -a " + v.name + "\n";
    for (const option_doc& o : v.options) option("__fish_seen_subcommand_from " + v.name, o);
  }
  return s;
}

}  // namespace

// The environment variables urix reads (cli/main.cpp, src/kernels/registry.cpp), for the
// page's ENVIRONMENT section; tests/cli/man_test.py checks that every URIX_ name in the
// binary is here.
constexpr std::pair<std::string_view, std::string_view> environment[] = {
    {"URIX_THREADS",
     "How many worker threads run blocks of lines in line and -0 modes: a number from 1 to "
     "64. By default the CPUs the process may run on, at most 8; 1 runs everything on one "
     "thread. Any other value prints a one-line warning and the default is used."},
    {"URIX_KERNEL",
     "The byte-scanning kernel when --kernel is not given: scalar, avx2, avx512, neon (those "
     "this build and CPU have) or auto. A kernel that cannot run prints a one-line warning "
     "and the best available one is used."},
};

std::string man_page(const CLI::App& app, std::span<const verb* const> verbs, std::string_view date) {
  std::vector<verb_doc> docs = verbs_of(app, verbs);
  const std::vector<option_doc> common = take_common(docs);
  docs.push_back(sets_doc());  // after take_common: its only option is --help
  const std::vector<option_doc> global = options_of(app);
  std::string about = app.get_description();
  if (about.rfind("urix: ", 0) == 0) about.erase(0, 6);

  std::string out = ".\\\" Generated by `urix --man` from the options urix declares; do not edit.\n";
  out += ".TH URIX 1 " + std::string(date) + " \"urix " URIX_VERSION_STRING "\" \"User Commands\"\n";
  out += ".SH NAME\nurix \\- " + roff(about) + "\n";
  out += ".SH SYNOPSIS\n";
  for (const verb_doc& v : docs)
    out += ".B urix\n.RB [ \\-\\-kernel\n.IR NAME ]\n.B " + v.name + "\n.RI [ OPTIONS ]\n" +
           roff(v.operands) + "\n.br\n";
  out += ".B urix\n.RB [ help\n.RI [ VERB ]]\n";
  out += ".SH DESCRIPTION\n" + roff(about) + ".\n.PP\n";
  std::string footer = app.get_footer();
  while (!footer.empty() && footer.back() == '\n') footer.pop_back();
  std::string::size_type at = 0;
  while (at < footer.size()) {  // one line of the footer per paragraph line
    const std::string::size_type end = std::min(footer.find('\n', at), footer.size());
    out += roff(footer.substr(at, end - at)) + "\n.br\n";
    at = end + 1;
  }
  out += ".SH VERBS\n";
  for (const verb_doc& v : docs) {
    out += ".SS " + v.name + "\n" + roff(v.summary) + ".\n";
    if (!v.options.empty()) out += ".PP\nOptions:\n";
    man_options(out, v.options);
  }
  out += ".SH OPTIONS OF EVERY VERB\n";
  man_options(out, common);
  out += ".SH OPTIONS BEFORE THE VERB\n";
  man_options(out, global);
  out += ".SH SETS\nThe names that \\fB\\-\\-set\\fR takes:\n";
  for (const auto& s : sets::named_sets) out += ".br\n" + std::string(s.name) + "\n";
  out += ".SH ENVIRONMENT\n";
  for (const auto& [name, meaning] : environment)
    out += ".TP\n.B " + std::string(name) + "\n" + roff(meaning) + "\n";
  return out;
}

std::string completion_script(const CLI::App& app, std::span<const verb* const> verbs,
                              std::string_view shell) {
  std::vector<verb_doc> docs = verbs_of(app, verbs);
  docs.push_back(sets_doc());
  const std::vector<option_doc> global = options_of(app);
  if (shell == "bash") return bash(docs, global);
  if (shell == "zsh") return zsh(docs, global);
  if (shell == "fish") return fish(docs, global);
  return "";
}

}  // namespace urix::cli
