# The GPU architectures the CUDA module is built for, chosen before enable_language(CUDA) (which
# would otherwise take nvcc's default) where CMAKE_CUDA_ARCHITECTURES is not set by hand (a value
# given with -D, or the CUDAARCHS environment variable, always wins):
#  - the GPUs in this machine, from the compute capability nvidia-smi reports ("9.0" gives 90:
#    sm_90 machine code and compute_90 PTX), where this nvcc can build for every one of them;
#  - otherwise (no driver, no GPU, or a GPU this nvcc does not know) the portable list below,
#    PyTorch's choice for its own wheels: machine code for sm_80 (A100, A30), sm_86 (A10, A40,
#    RTX 30xx; and Ada, sm_89: L4, L40, RTX 40xx, which runs sm_86 code, machine code running on
#    any later minor version of its major one) and sm_90 (H100, H200), and compute_90 PTX, which
#    the driver compiles for newer devices (Blackwell) when a kernel is first loaded. Each entry
#    costs a compilation of every kernel: this list takes about 1.8 times the CPU time of sm_90
#    alone (ScatterKernels.cu, nvcc 13.0).
# CMake's own `native` does the first, but fails the configure on a machine without a GPU.
# kernels/cuda/CMakeLists.txt passes the list to the module, which says it in `detbench env` and
# refuses (as unavailable, with the reason) a device it has no kernel image for.

set(DETBENCH_CUDA_PORTABLE_ARCHITECTURES 80-real 86-real 90)

# Sets `out` to the architectures for `smi_output` (nvidia-smi --query-gpu=compute_cap
# --format=csv,noheader: one "major.minor" per GPU, empty without one) given `nvcc_output`
# (nvcc --list-gpu-arch: the compute_XY it supports), and `why` to a sentence saying how.
function(detbench_pick_cuda_architectures out why smi_output nvcc_output)
  string(REGEX MATCHALL "compute_[0-9]+" supported "${nvcc_output}")
  string(REPLACE "\n" ";" lines "${smi_output}")
  set(picked "")
  set(seen "")
  foreach(line IN LISTS lines)
    string(STRIP "${line}" line)
    if(line STREQUAL "")
      continue()
    endif()
    list(APPEND seen "${line}")
    if(NOT line MATCHES "^([0-9]+)\\.([0-9])$")
      set(${out} "${DETBENCH_CUDA_PORTABLE_ARCHITECTURES}" PARENT_SCOPE)
      set(${why} "nvidia-smi gave '${line}', not a compute capability: the portable list"
          PARENT_SCOPE)
      return()
    endif()
    set(arch "${CMAKE_MATCH_1}${CMAKE_MATCH_2}")
    if(NOT "compute_${arch}" IN_LIST supported)
      set(${out} "${DETBENCH_CUDA_PORTABLE_ARCHITECTURES}" PARENT_SCOPE)
      string(CONCAT reason "the GPU here has compute capability ${line}, which this nvcc "
                           "cannot build for: the portable list")
      set(${why} "${reason}" PARENT_SCOPE)
      return()
    endif()
    list(APPEND picked "${arch}")
  endforeach()
  if(picked STREQUAL "")
    set(${out} "${DETBENCH_CUDA_PORTABLE_ARCHITECTURES}" PARENT_SCOPE)
    set(${why} "no GPU found by nvidia-smi: the portable list" PARENT_SCOPE)
    return()
  endif()
  list(REMOVE_DUPLICATES picked)
  list(SORT picked COMPARE NATURAL)
  list(REMOVE_DUPLICATES seen)
  string(REPLACE ";" ", " seen "${seen}")
  set(${out} "${picked}" PARENT_SCOPE)
  set(${why} "the GPU here (compute capability ${seen})" PARENT_SCOPE)
endfunction()

# Sets CMAKE_CUDA_ARCHITECTURES in the caller's scope unless it is set already; needs
# CMAKE_CUDA_COMPILER (check_language(CUDA) finds it).
function(detbench_choose_cuda_architectures)
  if(DEFINED CMAKE_CUDA_ARCHITECTURES)
    message(STATUS "detbench: CUDA architectures ${CMAKE_CUDA_ARCHITECTURES} (as set)")
    return()
  endif()
  if(NOT "$ENV{CUDAARCHS}" STREQUAL "")  # CMake's own variable for the default: it wins too
    message(STATUS "detbench: CUDA architectures $ENV{CUDAARCHS} (as CUDAARCHS sets them)")
    return()
  endif()
  find_program(DETBENCH_NVIDIA_SMI nvidia-smi)
  set(smi "")
  if(DETBENCH_NVIDIA_SMI)
    execute_process(COMMAND ${DETBENCH_NVIDIA_SMI} --query-gpu=compute_cap --format=csv,noheader
                    OUTPUT_VARIABLE smi RESULT_VARIABLE status ERROR_QUIET TIMEOUT 60)
    if(NOT status EQUAL 0)
      set(smi "")
    endif()
  endif()
  execute_process(COMMAND ${CMAKE_CUDA_COMPILER} --list-gpu-arch OUTPUT_VARIABLE nvcc
                  ERROR_QUIET TIMEOUT 60)
  detbench_pick_cuda_architectures(archs why "${smi}" "${nvcc}")
  message(STATUS "detbench: CUDA architectures ${archs} (${why}; "
                 "set CMAKE_CUDA_ARCHITECTURES to choose)")
  set(CMAKE_CUDA_ARCHITECTURES "${archs}" PARENT_SCOPE)
endfunction()

# The list a target is built for, with CMake's special values spelled out ("all", "all-major",
# "native"; empty for OFF, nvcc's own default), entries separated by commas: what the module
# reports and checks devices against.
function(detbench_cuda_architectures_text out target)
  get_target_property(archs ${target} CUDA_ARCHITECTURES)
  if(archs STREQUAL "all")
    set(archs "${CMAKE_CUDA_ARCHITECTURES_ALL}")
  elseif(archs STREQUAL "all-major")
    set(archs "${CMAKE_CUDA_ARCHITECTURES_ALL_MAJOR}")
  elseif(archs STREQUAL "native")
    set(archs "${CMAKE_CUDA_ARCHITECTURES_NATIVE}")
  elseif(NOT archs)
    set(archs "")
  endif()
  string(REPLACE ";" "," archs "${archs}")
  set(${out} "${archs}" PARENT_SCOPE)
endfunction()
