# Writes the AppStream metainfo from resources/detbench.metainfo.xml.in, run as a script:
#   cmake -DSOURCE_DIR=<repository> -DOUTPUT=<file> [-DVERSION=x.y.z]
#         [-DSCREENSHOT_URL=https://...] -P cmake/DetbenchMetainfo.cmake
# The release is the changelog's newest entry (its version, unless VERSION says otherwise, and
# its date). AppStream takes screenshots only as web addresses: with SCREENSHOT_URL, the public
# place where docs/screenshots/ is served, the metainfo lists the pictures below from there;
# without it, none (a file:// address does not validate).

foreach(var SOURCE_DIR OUTPUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "DetbenchMetainfo.cmake: ${var} is required")
  endif()
endforeach()

# The screenshots a software centre shows, in its order: file in docs/screenshots/, caption.
set(_screens
    "run-en-1280x720.png|Trials of one operation: its distinct outputs and time per trial"
    "trace-en-1280x720.png|A training script traced to the first operation whose runs differ"
    "trace-job-en-1280x720.png|A torchrun job traced rank by rank"
    "invariance-matmul-en-1280x720.png|Does a row's result depend on its batch? matmul, two forms"
    "compare-en-1280x720.png|Default against deterministic: distinct outputs and speed"
    "demo-training-en-1280x720.png|A lesson: training from one seed, where the runs part")

file(STRINGS ${SOURCE_DIR}/resources/debian/changelog _entry REGEX "^(detbench \\(| -- )")
list(GET _entry 0 _head)
list(GET _entry 1 _sign)
string(REGEX REPLACE "^detbench \\(([^)]+)\\).*" "\\1" _changelog_version "${_head}")
if(NOT _sign MATCHES ", ([0-9]+) ([A-Z][a-z][a-z]) ([0-9][0-9][0-9][0-9]) ")
  message(FATAL_ERROR "DetbenchMetainfo.cmake: no date in the changelog's line '${_sign}'")
endif()
set(_day ${CMAKE_MATCH_1})
set(_year ${CMAKE_MATCH_3})
set(_months Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec)
list(FIND _months ${CMAKE_MATCH_2} _month)
math(EXPR _month "${_month} + 1")
if(_month LESS 10)
  set(_month "0${_month}")
endif()
if(_day LESS 10)
  set(_day "0${_day}")
endif()
set(DETBENCH_METAINFO_DATE "${_year}-${_month}-${_day}")
if(DEFINED VERSION AND NOT VERSION STREQUAL "")
  set(DETBENCH_METAINFO_VERSION ${VERSION})
else()
  set(DETBENCH_METAINFO_VERSION ${_changelog_version})
endif()

set(DETBENCH_METAINFO_SCREENSHOTS "")
if(DEFINED SCREENSHOT_URL AND NOT SCREENSHOT_URL STREQUAL "")
  string(REGEX REPLACE "/+$" "" _base "${SCREENSHOT_URL}")
  string(APPEND DETBENCH_METAINFO_SCREENSHOTS "  <screenshots>\n")
  set(_type " type=\"default\"")
  foreach(_screen IN LISTS _screens)
    string(REPLACE "|" ";" _parts "${_screen}")
    list(GET _parts 0 _file)
    list(GET _parts 1 _caption)
    if(NOT EXISTS ${SOURCE_DIR}/docs/screenshots/${_file})
      message(FATAL_ERROR "DetbenchMetainfo.cmake: docs/screenshots/${_file} is missing")
    endif()
    string(APPEND DETBENCH_METAINFO_SCREENSHOTS
           "    <screenshot${_type}>\n"
           "      <caption>${_caption}</caption>\n"
           "      <image type=\"source\" width=\"1280\" height=\"720\">${_base}/${_file}</image>\n"
           "    </screenshot>\n")
    set(_type "")
  endforeach()
  string(APPEND DETBENCH_METAINFO_SCREENSHOTS "  </screenshots>\n")
endif()

configure_file(${SOURCE_DIR}/resources/detbench.metainfo.xml.in ${OUTPUT} @ONLY)
