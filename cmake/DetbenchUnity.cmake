# Unity builds: a target's files are compiled a batch at a time as one translation unit, so what
# they share (the project's headers, nlohmann/json's and GoogleTest's templates, Qt) is parsed and
# instantiated once a batch instead of once a file: with batches of 8 the compile CPU time of
# scripts/test's three builds came to about half of what it was file by file.
# The libraries and the test programs are built so; the CPU and torch kernels are not (their files
# keep helpers of the same names in anonymous namespaces), and the CUDA kernels batch their short
# files themselves (kernels/cuda/CMakeLists.txt: CMake batches no CUDA). A file whose helpers
# clash with another's in its batch is named and left out in its CMakeLists.
# DETBENCH_UNITY=OFF compiles file by file: quicker to rebuild after editing one file, and it
# checks that each file includes what it uses (scripts/test-pytorch builds that way).
option(DETBENCH_UNITY "Compile the libraries' and tests' files in batches (a unity build)" ON)

# `batch` files a translation unit: 16 for the libraries, 8 for the test programs, whose files
# more often hold helpers of the same names.
function(detbench_unity target batch)
  if(DETBENCH_UNITY)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${batch})
  endif()
endfunction()
