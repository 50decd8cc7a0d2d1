// The message of a command line's error from Boost.Program_options, safe to
// ask for. Boost 1.74's what() replaces each placeholder of its template
// (%canonical_option%, %original_token%, %value%, ...) by the words given
// until none is left, so a word that holds one (slidedb-query
// '--%original_token%a') made every tool loop for ever (found by
// tests/fuzz/fuzz_query_args). Such words are shown with each '%' as
// "%25".
#ifndef SLIDEDB_CLI_OPTION_ERROR_H_
#define SLIDEDB_CLI_OPTION_ERROR_H_

#include <boost/program_options/errors.hpp>
#include <boost/program_options/options_description.hpp>
#include <boost/program_options/parsers.hpp>
#include <boost/program_options/variables_map.hpp>
#include <initializer_list>
#include <ostream>
#include <string>
#include <vector>

#include "cli/default_db.h"

namespace slidedb {

namespace option_error_internal {

// A copy of the error whose substitutions (protected) can be read and
// changed.
class Substitutions : public boost::program_options::error_with_option_name {
 public:
  explicit Substitutions(const error_with_option_name& e)
      : error_with_option_name(e) {}

  // Whether a word given holds a placeholder; if so, escapes its '%'s.
  bool Escape() {
    bool found = false;
    for (auto& [name, value] : m_substitutions) {
      bool holds = false;
      for (const auto& p : m_substitutions) {
        holds = holds || value.find("%" + p.first + "%") != std::string::npos;
      }
      for (const auto& p : m_substitution_defaults) {
        holds = holds || value.find("%" + p.first + "%") != std::string::npos;
      }
      if (!holds) continue;
      found = true;
      std::string escaped;
      for (char c : value) {
        if (c == '%') {
          escaped += "%25";
        } else {
          escaped += c;
        }
      }
      value = escaped;
    }
    return found;
  }
};

}  // namespace option_error_internal

inline std::string OptionErrorMessage(const boost::program_options::error& e) {
  const auto* named =
      dynamic_cast<const boost::program_options::error_with_option_name*>(&e);
  if (named == nullptr) return e.what();
  option_error_internal::Substitutions copy(*named);
  if (!copy.Escape()) return e.what();
  return copy.what();
}

// Parses `args` for a tool that takes options only (slidedb-build,
// slidedb-serve, slidedb-tour): a word that is no option, as a directory
// given without --db, is an error (Boost would drop it unseen).
// Throws boost::program_options::error as po::command_line_parser does.
inline boost::program_options::parsed_options ParseOptionsOnly(
    const std::vector<std::string>& args,
    const boost::program_options::options_description& desc) {
  boost::program_options::parsed_options parsed =
      boost::program_options::command_line_parser(args).options(desc).run();
  for (const auto& option : parsed.options) {
    if (option.position_key < 0 || option.original_tokens.empty()) continue;
    // A directory given without --db is the likely slip where there is one.
    throw boost::program_options::error(
        "unexpected argument '" + option.original_tokens.front() +
        "': this tool takes options only" +
        (desc.find_nothrow("db", false) != nullptr
             ? ", such as --db DIR"
             : " (--help lists them; a value with a space, as \"1, 1\", "
               "is one argument in quotes)"));
  }
  return parsed;
}

// Throws boost::program_options::error when a tool that takes --db (whose
// description has it) is given none, nor --help or --version, and
// $SLIDEDB_DB is set but empty (DatabaseVariableError in default_db.h).
inline void RefuseEmptyDatabaseVariable(
    const boost::program_options::parsed_options& parsed) {
  if (parsed.description == nullptr ||
      parsed.description->find_nothrow("db", false) == nullptr) {
    return;
  }
  for (const auto& option : parsed.options) {
    const std::string& key = option.string_key;
    if (key == "db" || key == "help" || key == "version") return;
  }
  const std::string why = DatabaseVariableError();
  if (!why.empty()) throw boost::program_options::error(why);
}

// Throws boost::program_options::error for the first option given an
// empty value, such as --db "$DIR" with DIR unset: an empty value is never
// taken for the default or for "none" (slidedb-serve --bind '' listened on
// every address, slidedb-query --blank '' was dropped unseen); nor is an
// empty $SLIDEDB_DB (RefuseEmptyDatabaseVariable). Flags (no value),
// positional words (a batch's own checks say what is wrong with an empty
// state) and the options in `may_be_empty` (slidedb-query --verify ''
// checks the solution of no moves) are not checked.
inline void RefuseEmptyValues(
    const boost::program_options::parsed_options& parsed,
    std::initializer_list<const char*> may_be_empty = {}) {
  for (const auto& option : parsed.options) {
    if (option.position_key >= 0) continue;
    bool allowed = false;
    for (const char* name : may_be_empty) {
      allowed = allowed || option.string_key == name;
    }
    if (allowed) continue;
    for (const std::string& value : option.value) {
      if (!value.empty()) continue;
      throw boost::program_options::error("--" + option.string_key +
                                          " is empty");
    }
  }
  RefuseEmptyDatabaseVariable(parsed);
}

// Says a command line's error on `err` as every tool does: "PROGRAM:
// MESSAGE" and where the usage is.
inline void SayOptionError(const char* program,
                           const boost::program_options::error& e,
                           std::ostream& err) {
  err << program << ": " << OptionErrorMessage(e) << "\n"
      << "Try '" << program << " --help'.\n";
}

// Reads the command line of a tool that takes options only into *vm
// (ParseOptionsOnly, RefuseEmptyValues); false, said on `err`
// (SayOptionError), when it does not parse.
inline bool ReadOptionsOnly(
    const char* program, const std::vector<std::string>& args,
    const boost::program_options::options_description& desc,
    boost::program_options::variables_map* vm, std::ostream& err) {
  try {
    const boost::program_options::parsed_options parsed =
        ParseOptionsOnly(args, desc);
    RefuseEmptyValues(parsed);
    boost::program_options::store(parsed, *vm);
    boost::program_options::notify(*vm);
  } catch (const boost::program_options::error& e) {
    SayOptionError(program, e, err);
    return false;
  }
  return true;
}

}  // namespace slidedb

#endif  // SLIDEDB_CLI_OPTION_ERROR_H_
