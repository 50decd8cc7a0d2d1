# cmake -DSRC=DIR -DDST=DIR -P copy_prepared.cmake: copies the tables
# another build made (the move automaton, move_fsm.bin and .inc, lib/search/
# move_fsm.h, and the multi-tile tables, mtm_prepared.bin and .inc, lib/
# search/mtm_prepared.h) into DST, each .inc then naming DST's copy of its
# blob.
foreach(name move_fsm mtm_prepared)
  if(NOT EXISTS "${SRC}/${name}.inc" OR NOT EXISTS "${SRC}/${name}.bin")
    message(FATAL_ERROR "no ${name}.inc and .bin in ${SRC}: build it first")
  endif()
endforeach()
file(MAKE_DIRECTORY "${DST}")
configure_file("${SRC}/move_fsm.bin" "${DST}/move_fsm.bin" COPYONLY)
file(READ "${SRC}/move_fsm.inc" inc)
string(REGEX REPLACE "#define SLIDEDB_MOVE_FSM_BLOB \"[^\"]*\""
       "#define SLIDEDB_MOVE_FSM_BLOB \"${DST}/move_fsm.bin\"" inc "${inc}")
file(WRITE "${DST}/move_fsm.inc" "${inc}")
configure_file("${SRC}/mtm_prepared.bin" "${DST}/mtm_prepared.bin" COPYONLY)
file(READ "${SRC}/mtm_prepared.inc" inc)
string(REGEX REPLACE "#define SLIDEDB_MTM_PREPARED_BLOB \"[^\"]*\""
       "#define SLIDEDB_MTM_PREPARED_BLOB \"${DST}/mtm_prepared.bin\"" inc "${inc}")
file(WRITE "${DST}/mtm_prepared.inc" "${inc}")
