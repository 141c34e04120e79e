# Unity builds: a target's files are compiled a batch at a time as one translation unit, so what
# they share (the project's headers, nlohmann/json's and GoogleTest's templates, Qt) is parsed and
# instantiated once a batch instead of once a file. On a 2-core machine the core library compiles
# in about half the CPU time (280 s against 496 s), the command line's in 158 s against 416 s.
# The libraries and the test programs are built so; the kernels are not (their files keep helpers
# of the same names in anonymous namespaces, and nvcc compiles file by file anyway). A file whose
# helpers clash with another's in its batch is named and left out in its CMakeLists.
# DETBENCH_UNITY=OFF compiles file by file: quicker to rebuild after editing one file, and it
# checks that each file includes what it uses (scripts/test-pytorch builds that way).
option(DETBENCH_UNITY "Compile the libraries' and tests' files in batches (a unity build)" ON)

function(detbench_unity target)
  if(DETBENCH_UNITY)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  endif()
endfunction()
