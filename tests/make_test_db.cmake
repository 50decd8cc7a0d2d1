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

# The same 3x3 and 2x3 tables at two bits a state (issue 23), beside: the
# Python module's tests (python/tests) ask both and compare.
file(REMOVE_RECURSE ${DB}-twobit)
foreach(board 3x3 2x3)
  execute_process(COMMAND ${BUILD} --db ${DB}-twobit --board ${board}
                          --records two-bit --quiet
                  RESULT_VARIABLE rc OUTPUT_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "slidedb-build --board ${board} --records two-bit failed: ${rc}")
  endif()
endforeach()
