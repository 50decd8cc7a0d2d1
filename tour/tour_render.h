// How slidedb-tour writes what it found, as text or JSON: one tour, the
// verdict on a grid, the table of backtracks per start, the survey's rows
// (tour_cli.cc reads the options and runs; this file only writes).
#ifndef SLIDEDB_TOUR_TOUR_RENDER_H_
#define SLIDEDB_TOUR_TOUR_RENDER_H_

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "tour/find_tour.h"
#include "tour/survey.h"

namespace slidedb::tour {

// One tour, or why there is none: the grid of step numbers and a '#' line
// saying how it was made, or one JSON object.
void WriteTourText(const TourRequest& request, const TourAnswer& answer,
                   std::ostream& out);
void WriteTourJson(const TourRequest& request, const TourAnswer& answer,
                   std::ostream& out);

// The verdict on the grid read from `file` (an n x n grid): valid, or its
// problems, and how many more there were past those listed.
void WriteVerdict(const std::string& file, int n, bool closed,
                  const std::vector<std::string>& problems, size_t more,
                  bool json, std::ostream& out);

// The backtracks of each rule from every start of an n x n board: three
// grids, or one JSON object.
void WriteTableText(int n, const std::string& order_name,
                    const std::vector<StartRow>& rows, std::ostream& out);
void WriteTableJson(int n, int64_t cap, const std::string& order_name,
                    const std::vector<StartRow>& rows, std::ostream& out);

// The survey: a Markdown table (a header, then a row a size), or JSON Lines.
void WriteSurveyHeader(std::ostream& out);
void WriteSurveyRowText(const SizeSummary& s, int64_t cap, std::ostream& out);
void WriteSurveyRowJson(const SizeSummary& s, int64_t cap, std::ostream& out);

}  // namespace slidedb::tour

#endif  // SLIDEDB_TOUR_TOUR_RENDER_H_
