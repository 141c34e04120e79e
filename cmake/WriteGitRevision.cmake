# Run at build time (cmake -P) by the detbench_git_revision target: writes OUTPUT, a C++ source
# defining detbench::kGitRevision, when its text would change.
set(revision "unknown")
if(GIT AND EXISTS "${SOURCE_DIR}/.git")
  execute_process(COMMAND ${GIT} rev-parse --short=12 HEAD WORKING_DIRECTORY ${SOURCE_DIR}
                  OUTPUT_VARIABLE rev OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc
                  ERROR_QUIET)
  if(rc EQUAL 0 AND rev)
    set(revision ${rev})
    execute_process(COMMAND ${GIT} status --porcelain --untracked-files=no
                    WORKING_DIRECTORY ${SOURCE_DIR} OUTPUT_VARIABLE dirty RESULT_VARIABLE rc
                    ERROR_QUIET)
    if(rc EQUAL 0 AND NOT dirty STREQUAL "")
      string(APPEND revision "+changes")
    endif()
  endif()
endif()
set(text "// Generated at build time by cmake/WriteGitRevision.cmake.\n#include \"detbench/base/BuildInfo.hpp\"\n\nnamespace detbench {\nconst char* const kGitRevision = \"${revision}\";\n}  // namespace detbench\n")
set(old "")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUTPUT}" "${text}")
endif()
