# Precompiled headers: the library headers every file of a target parses (nlohmann/json,
# GoogleTest, Qt) are parsed once per target. About 40% off the GUI's build time here.
option(DETBENCH_PCH "Precompile the heavy library headers of each target" ON)

function(detbench_precompile target)
  if(DETBENCH_PCH)
    target_precompile_headers(${target} PRIVATE ${ARGN})
  endif()
endfunction()

# The headers of the GoogleTest programs.
set(DETBENCH_TEST_PCH <gtest/gtest.h> <nlohmann/json.hpp> <string> <vector> <memory> <map>
                      <functional> <filesystem>)
