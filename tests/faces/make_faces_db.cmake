# Builds the cross-face test's database (tests/faces/faces_test.py): every
# 3x3 goal in both metrics, the 3x4 table and the 4x4's 5-5-5 pattern
# databases, about 5 s.
# cmake -DBUILD=slidedb-build -DDB=dir -P this
file(REMOVE_RECURSE ${DB})
foreach(args "--board;3x3" "--board;3x3;--metric;mtm" "--board;3x4" "--board;4x4;--pdb;5-5-5")
  execute_process(COMMAND ${BUILD} --db ${DB} ${args} --quiet
                  RESULT_VARIABLE rc OUTPUT_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "slidedb-build ${args} failed: ${rc}")
  endif()
endforeach()
