# The distributed build's and query's tests (builder/build_mpi.h,
# lib/search/mpi_bfs.h, query/mpi_query.h),
# included by tests/CMakeLists.txt. They run the programs under mpirun
# through tests/mpi/mpirun.sh, which skips them (exit 77) without mpirun.
if(NOT MPI_C_FOUND)
  message(STATUS "MPI not found: slidedb-build is built without it, and "
                 "the mpi_* tests are left out")
  return()
endif()
set(SLIDEDB_MPI_TESTS ${CMAKE_CURRENT_SOURCE_DIR}/mpi)
add_executable(slidedb_mpi_bfs_check mpi/mpi_bfs_check.cc)
target_link_libraries(slidedb_mpi_bfs_check PRIVATE slidedb_build_cli)
add_executable(slidedb_compare_tables mpi/compare_tables.cc)
target_link_libraries(slidedb_compare_tables PRIVATE slidedb)

foreach(np 2 4)
  # The distributed search against RunTwoBitBfs, byte for byte.
  add_test(NAME mpi_bfs_np${np}
    COMMAND bash ${SLIDEDB_MPI_TESTS}/mpirun.sh ${np}
            $<TARGET_FILE:slidedb_mpi_bfs_check> 2x3 3x3 2x4 2x5)
  # slidedb-build under mpirun against the plain build, database to database.
  add_test(NAME mpi_build_np${np}
    COMMAND bash ${SLIDEDB_MPI_TESTS}/build_test.sh ${np}
            $<TARGET_FILE:slidedb-build> $<TARGET_FILE:slidedb_compare_tables>
            ${CMAKE_BINARY_DIR}/test-data/mpi-build-np${np})
  # One state's search over the ranks against one process, byte for byte.
  add_test(NAME mpi_query_np${np}
    COMMAND bash ${SLIDEDB_MPI_TESTS}/query_test.sh ${np}
            $<TARGET_FILE:slidedb-query> ${SLIDEDB_FACES_DB})
  set_tests_properties(mpi_query_np${np} PROPERTIES FIXTURES_REQUIRED faces_db)
  set_tests_properties(mpi_bfs_np${np} mpi_build_np${np} mpi_query_np${np}
    PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)
endforeach()
# A rank killed midway: every rank ends, the exit is not 0, and the database
# in place reads as before.
add_test(NAME mpi_killed_rank
  COMMAND bash ${SLIDEDB_MPI_TESTS}/killed_rank_test.sh
          $<TARGET_FILE:slidedb-build> $<TARGET_FILE:slidedb_compare_tables>
          ${CMAKE_BINARY_DIR}/test-data/mpi-killed)
set_tests_properties(mpi_killed_rank PROPERTIES SKIP_RETURN_CODE 77
  TIMEOUT 300 RUN_SERIAL TRUE)

# The distributed search's figures (bench/suites/mpi.sh).
add_executable(slidedb_mpi_levels ${PROJECT_SOURCE_DIR}/bench/mpi_levels.cc)
target_link_libraries(slidedb_mpi_levels PRIVATE slidedb_mpi_search)
