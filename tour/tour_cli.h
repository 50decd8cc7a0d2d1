// slidedb-tour as a function, so that tests run it in-process.
#ifndef SLIDEDB_TOUR_TOUR_CLI_H_
#define SLIDEDB_TOUR_TOUR_CLI_H_

#include <iosfwd>
#include <string>
#include <vector>

namespace slidedb {

// args excludes the program name. Returns the exit status.
int RunTour(const std::vector<std::string>& args, std::istream& in,
            std::ostream& out, std::ostream& err);

}  // namespace slidedb

#endif  // SLIDEDB_TOUR_TOUR_CLI_H_
