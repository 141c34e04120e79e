# The warnings of every detbench target, C++ and CUDA; errors unless DETBENCH_WERROR is off (it is
# on for development and CI, off on machines with another compiler, such as the GPU machine,
# where a new warning must not stop the build).
function(detbench_warnings target)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
                              -Wold-style-cast -Wcast-align -Woverloaded-virtual>
    $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall,-Wextra>)
  if(DETBENCH_UNITY AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # In a unity batch GCC takes each file for a header and warns of every class that holds a
    # type of the file's anonymous namespace; compiled alone the file is fine.
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Wno-subobject-linkage>)
  endif()
  if(DETBENCH_WERROR)
    target_compile_options(${target} PRIVATE
      $<$<COMPILE_LANGUAGE:CXX>:-Werror>
      $<$<COMPILE_LANGUAGE:CUDA>:-Werror=all-warnings -Xcompiler=-Werror>)
  endif()
endfunction()
