# Builds the test suite's database: cmake -DBUILD=slidedb-build -DDB=dir -P this
file(REMOVE_RECURSE ${DB})
foreach(board 3x3 2x2 2x3 3x2 2x4 4x2 2x5)
  execute_process(COMMAND ${BUILD} --db ${DB} --board ${board} --quiet
                  RESULT_VARIABLE rc OUTPUT_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "slidedb-build --board ${board} failed: ${rc}")
  endif()
endforeach()
