-- wrk script for scripts/bench.sh serve: GET /api/solve?start=S, S taken in
-- turn from a file of states (one per line), each thread starting at its
-- own place.
--   wrk ... -s bench/wrk_solve.lua URL -- STATES_FILE [EXTRA_QUERY]
local states = {}
local next_state = 0
local extra = ""

function init(args)
  for line in io.lines(args[1]) do
    if line ~= "" then states[#states + 1] = line end
  end
  extra = args[2] or ""
  next_state = math.random(#states)
end

function request()
  next_state = next_state % #states + 1
  return wrk.format("GET", "/api/solve?start=" .. states[next_state] .. extra)
end
