# cmake -DSRC=DIR -DDST=DIR -P copy_prepared.cmake: copies the multi-tile
# tables another build made (mtm_prepared.bin and .inc, lib/search/
# mtm_prepared.h) into DST, its .inc then naming DST's copy of the blob.
if(NOT EXISTS "${SRC}/mtm_prepared.inc" OR NOT EXISTS "${SRC}/mtm_prepared.bin")
  message(FATAL_ERROR "no mtm_prepared.inc and .bin in ${SRC}: build it first")
endif()
file(MAKE_DIRECTORY "${DST}")
configure_file("${SRC}/mtm_prepared.bin" "${DST}/mtm_prepared.bin" COPYONLY)
file(READ "${SRC}/mtm_prepared.inc" inc)
string(REGEX REPLACE "#define SLIDEDB_MTM_PREPARED_BLOB \"[^\"]*\""
       "#define SLIDEDB_MTM_PREPARED_BLOB \"${DST}/mtm_prepared.bin\"" inc "${inc}")
file(WRITE "${DST}/mtm_prepared.inc" "${inc}")
