# The choice of cmake/DetbenchCudaArchitectures.cmake from what nvidia-smi and nvcc say, without
# a GPU: cmake -P tests/cmake/CudaArchitecturesTest.cmake (a ctest labelled cuda).

cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/DetbenchCudaArchitectures.cmake)

set(nvcc13 "compute_75\ncompute_80\ncompute_86\ncompute_87\ncompute_88\ncompute_89\ncompute_90\n"
           "compute_100\ncompute_110\ncompute_103\ncompute_120\ncompute_121\n")
string(CONCAT nvcc13 ${nvcc13})
set(failures 0)

function(expect smi expected why_part)
  detbench_pick_cuda_architectures(archs why "${smi}" "${nvcc13}")
  string(REPLACE "\n" "|" shown "${smi}")
  if(NOT archs STREQUAL "${expected}")
    message(SEND_ERROR "nvidia-smi '${shown}': got '${archs}', expected '${expected}'")
  endif()
  string(FIND "${why}" "${why_part}" at)
  if(at EQUAL -1)
    message(SEND_ERROR "nvidia-smi '${shown}': the reason '${why}' does not say '${why_part}'")
  endif()
endfunction()

set(portable "80-real;86-real;90")
# No GPU (nvidia-smi missing or failing gives no output): the portable list.
expect("" "${portable}" "no GPU")
# One GPU, or several of one kind: that architecture, machine code and PTX.
expect("9.0\n" "90" "compute capability 9.0")
expect("8.6\n8.6\n" "86" "compute capability 8.6")
# Two kinds: both, in order.
expect("9.0\n8.0\n" "80;90" "compute capability 9.0, 8.0")
expect(" 12.0 \r\n" "120" "compute capability 12.0")
# A GPU this nvcc cannot build for (Volta, dropped by CUDA 13; or one newer than nvcc): the
# portable list, with the reason.
expect("7.0\n" "${portable}" "cannot build for")
expect("9.0\n7.0\n" "${portable}" "cannot build for")
# Output that is not a compute capability (an old driver's error text).
expect("Field \"compute_cap\" is not a valid field to query.\n" "${portable}"
       "not a compute capability")
