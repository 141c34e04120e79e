# The Debian packages (scripts/package builds them): what `cmake --install` installs, under
# /usr. detbench: the programs, the probe's digest, the man pages, completion and desktop entry,
# its dependencies found by dpkg-shlibdeps on the programs (Qt 6, QCustomPlot, xxHash, toml++).
# detbench-torch and detbench-cuda: the device modules the programs load at run time, each with
# its own libraries' dependencies (libtorch by package; CUDA's toolkit libraries are not
# Debian's, and stay the machine's to provide). Without a module its devices say "unavailable"
# with the loader's words.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME detbench)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "determinism workbench: how much an op's outputs vary, run to run, and why")
set(CPACK_PACKAGE_DESCRIPTION
    "detbench runs an operation many times on bit-identical inputs, on its own CPU and CUDA \
kernels and on PyTorch's, and shows how much the outputs vary and what determinism costs. It \
traces a training script to the first op whose runs differ and names the setting that fixes it. \
It has a Qt workbench (detbench-gui) and a command line (detbench).")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "detbench maintainers <maintainers@detbench.invalid>")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL main)
if(TARGET detbench_torch)
  list(APPEND CPACK_COMPONENTS_ALL torch)
endif()
if(TARGET detbench_cuda)
  list(APPEND CPACK_COMPONENTS_ALL cuda)
endif()
set(CPACK_DEBIAN_MAIN_PACKAGE_NAME detbench)
set(CPACK_DEBIAN_MAIN_PACKAGE_SUGGESTS "detbench-torch, python3-torch")
set(CPACK_DEBIAN_TORCH_PACKAGE_NAME detbench-torch)
set(CPACK_DEBIAN_TORCH_PACKAGE_DEPENDS "detbench (= ${PROJECT_VERSION})")
set(CPACK_COMPONENT_TORCH_DESCRIPTION
    "detbench's torch devices (torch-cpu, torch-cuda): PyTorch's own kernels through libtorch")
set(CPACK_DEBIAN_CUDA_PACKAGE_NAME detbench-cuda)
set(CPACK_DEBIAN_CUDA_PACKAGE_DEPENDS "detbench (= ${PROJECT_VERSION})")
set(CPACK_COMPONENT_CUDA_DESCRIPTION
    "detbench's cuda device: its own CUDA kernels, cuBLAS and cuDNN (the CUDA toolkit's libraries and an NVIDIA driver are the machine's)")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
include(CPack)
