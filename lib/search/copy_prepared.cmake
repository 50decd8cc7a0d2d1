# cmake -DSRC=DIR -DDST=DIR -P copy_prepared.cmake: copies the tables
# another build made (the move automaton, move_fsm.bin and .inc, lib/search/
# move_fsm.h, and the multi-tile tables, mtm_prepared.bin and .inc, lib/
# search/mtm_prepared.h) into DST, each .inc then naming DST's copy of its
# blob.
foreach(pair "move_fsm;SLIDEDB_MOVE_FSM_BLOB"
             "mtm_prepared;SLIDEDB_MTM_PREPARED_BLOB")
  list(GET pair 0 name)
  list(GET pair 1 macro)
  if(NOT EXISTS "${SRC}/${name}.inc" OR NOT EXISTS "${SRC}/${name}.bin")
    message(FATAL_ERROR "no ${name}.inc and .bin in ${SRC}: build it first")
  endif()
  file(MAKE_DIRECTORY "${DST}")
  configure_file("${SRC}/${name}.bin" "${DST}/${name}.bin" COPYONLY)
  file(READ "${SRC}/${name}.inc" inc)
  string(REGEX REPLACE "#define ${macro} \"[^\"]*\""
         "#define ${macro} \"${DST}/${name}.bin\"" inc "${inc}")
  file(WRITE "${DST}/${name}.inc" "${inc}")
endforeach()
