# Finding the libtorch the torch devices build against (kernels/torch/CMakeLists.txt).
#
# Which libtorch, first found:
#   DETBENCH_TORCH_PREFIX  where TorchConfig.cmake is found below (a pip PyTorch's
#                          torch.utils.cmake_prefix_path, or an unpacked libtorch);
#   DETBENCH_TORCH_PYTHON  a Python whose PyTorch is asked for that path;
#   CMake's own search     Debian's libtorch-dev (/usr/lib/x86_64-linux-gnu/cmake/Torch);
#   python3 on PATH        its PyTorch, if it has one.
# A PyTorch built with CUDA needs the CUDA toolkit at configure time (its CMake config looks for
# it); without the toolkit such a libtorch is skipped with a message.
set(DETBENCH_TORCH AUTO CACHE STRING "The torch devices: AUTO (where libtorch is found), ON, OFF")
set_property(CACHE DETBENCH_TORCH PROPERTY STRINGS AUTO ON OFF)
set(DETBENCH_TORCH_PREFIX "" CACHE PATH "Where to look for libtorch's TorchConfig.cmake")
set(DETBENCH_TORCH_PYTHON "" CACHE FILEPATH "A python3 whose PyTorch's libtorch the torch devices use")

macro(detbench_torch_skip why)
  if(DETBENCH_TORCH STREQUAL "ON")
    message(FATAL_ERROR "DETBENCH_TORCH=ON, but ${why}")
  endif()
  message(STATUS "detbench: no torch devices: ${why}")
  return()
endmacro()

# Asks a Python for its PyTorch's CMake prefix and CUDA version ("" for a CPU build).
function(detbench_python_torch python prefix_var cuda_var)
  execute_process(
    COMMAND ${python} -c
            "import torch, torch.utils; print(torch.utils.cmake_prefix_path); print(torch.version.cuda or '')"
    OUTPUT_VARIABLE _out RESULT_VARIABLE _rc ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
  set(${prefix_var} "" PARENT_SCOPE)
  set(${cuda_var} "" PARENT_SCOPE)
  if(_rc EQUAL 0)
    string(REPLACE "\n" ";" _lines "${_out}")
    list(LENGTH _lines _n)
    if(_n GREATER_EQUAL 1)
      list(GET _lines 0 _prefix)
      set(${prefix_var} "${_prefix}" PARENT_SCOPE)
    endif()
    if(_n GREATER_EQUAL 2)
      list(GET _lines 1 _cuda)
      set(${cuda_var} "${_cuda}" PARENT_SCOPE)
    endif()
  endif()
endfunction()

# Finds libtorch and sets Torch_VERSION, Torch_DIR, TORCH_CXX_FLAGS, _torch_major, _torch_minor
# and _torch_has_cuda; where there is none to use, says why and returns from the file that calls
# it (a macro: its return() is the caller's), or stops where DETBENCH_TORCH is ON.
macro(detbench_find_libtorch)
  if(DETBENCH_TORCH STREQUAL "OFF")
    message(STATUS "detbench: no torch devices (DETBENCH_TORCH=OFF)")
    return()
  endif()
  if(DETBENCH_SANITIZE OR DETBENCH_FUZZ)
    # libtorch is not built with the sanitizers; the sanitizer builds check detbench's own code.
    message(STATUS "detbench: no torch devices in a sanitizer or fuzz build")
    return()
  endif()

  # A CUDA libtorch's config picks its own nvcc flags, by running a program on the GPU unless told
  # which architectures (a try_run that also fails with CMake 3.25, which knows no C++20 flag for
  # nvcc). detbench compiles no CUDA against those flags: any list will do.
  if(NOT DEFINED TORCH_CUDA_ARCH_LIST AND NOT DEFINED ENV{TORCH_CUDA_ARCH_LIST})
    set(TORCH_CUDA_ARCH_LIST "8.0;8.6;8.9;9.0")
  endif()

  set(_torch_prefix "${DETBENCH_TORCH_PREFIX}")
  set(_torch_cuda "")
  if(NOT _torch_prefix AND DETBENCH_TORCH_PYTHON)
    detbench_python_torch(${DETBENCH_TORCH_PYTHON} _torch_prefix _torch_cuda)
    if(NOT _torch_prefix)
      detbench_torch_skip("${DETBENCH_TORCH_PYTHON} has no PyTorch to build against")
    endif()
  endif()
  if(_torch_prefix)
    if(EXISTS "${_torch_prefix}/../../lib/libtorch_cuda.so")
      set(_torch_cuda "yes")
    endif()
    if(_torch_cuda AND NOT CMAKE_CUDA_COMPILER)
      detbench_torch_skip("the PyTorch at ${_torch_prefix} is built with CUDA ${_torch_cuda} and its "
                          "CMake config needs the CUDA toolkit (nvcc) at configure time")
    endif()
    # TorchConfig looks for Caffe2 with PATHS, which CMake searches after the system's folders: a
    # machine with Debian's libtorch too would mix the two. Named outright.
    if(EXISTS "${_torch_prefix}/Caffe2/Caffe2Config.cmake")
      set(Caffe2_DIR "${_torch_prefix}/Caffe2" CACHE PATH "Caffe2's config beside Torch's" FORCE)
    endif()
    find_package(Torch QUIET CONFIG PATHS "${_torch_prefix}" NO_DEFAULT_PATH)
  else()
    find_package(Torch QUIET CONFIG)
    if(NOT Torch_FOUND)
      find_program(_detbench_python3 python3)
      if(_detbench_python3)
        detbench_python_torch(${_detbench_python3} _torch_prefix _torch_cuda)
      endif()
      if(_torch_prefix AND (NOT _torch_cuda OR CMAKE_CUDA_COMPILER))
        if(EXISTS "${_torch_prefix}/Caffe2/Caffe2Config.cmake")
          set(Caffe2_DIR "${_torch_prefix}/Caffe2" CACHE PATH "Caffe2's config beside Torch's" FORCE)
        endif()
        find_package(Torch QUIET CONFIG PATHS "${_torch_prefix}" NO_DEFAULT_PATH)
      endif()
    endif()
  endif()
  if(NOT Torch_FOUND)
    detbench_torch_skip("libtorch not found (Debian: apt install libtorch-dev; a pip PyTorch: "
                        "-DDETBENCH_TORCH_PYTHON=/path/to/python3)")
  endif()
  if(TORCH_CXX_FLAGS MATCHES "_GLIBCXX_USE_CXX11_ABI=0")
    # std::string and std::vector cross the module's boundary: one library ABI for both sides.
    detbench_torch_skip("libtorch ${Torch_VERSION} is built with the old C++ string ABI "
                        "(_GLIBCXX_USE_CXX11_ABI=0); detbench needs a libtorch built with the new one "
                        "(pip PyTorch 2.7 and later, or Debian's)")
  endif()
  string(REGEX MATCH "^([0-9]+)\\.([0-9]+)" _torch_release "${Torch_VERSION}")
  set(_torch_major ${CMAKE_MATCH_1})
  set(_torch_minor ${CMAKE_MATCH_2})
  set(_torch_has_cuda OFF)
  if(TARGET torch_cuda)
    set(_torch_has_cuda ON)
  endif()
  message(STATUS "detbench: torch devices over libtorch ${Torch_VERSION} (CUDA: ${_torch_has_cuda}) "
                 "from ${Torch_DIR}")
endmacro()
