# Builds the test suite's database: cmake -DBUILD=slidedb-build -DDB=dir -P this
file(REMOVE_RECURSE ${DB})
# The single-tile tables of seven boards, and the multi-tile ones of 3x3
# and 2x3 beside them.
foreach(args "--board;3x3" "--board;2x2" "--board;2x3" "--board;3x2"
        "--board;2x4" "--board;4x2" "--board;2x5" "--board;3x3;--metric;mtm"
        "--board;2x3;--metric;mtm")
  execute_process(COMMAND ${BUILD} --db ${DB} ${args} --quiet
                  RESULT_VARIABLE rc OUTPUT_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "slidedb-build ${args} failed: ${rc}")
  endif()
endforeach()
