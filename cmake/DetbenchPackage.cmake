# The Debian packages (scripts/package builds them): what `cmake --install` installs, under
# /usr. detbench: the programs, the probe's digest, the man pages, completion, desktop entry and
# AppStream metainfo, its dependencies found by dpkg-shlibdeps on the programs (Qt 6,
# QCustomPlot, xxHash, toml++).
# detbench-torch and detbench-cuda: the device modules the programs load at run time, each with
# its own libraries' dependencies (libtorch by package; CUDA's toolkit libraries are not
# Debian's, and stay the machine's to provide). Without a module its devices say "unavailable"
# with the loader's words.

# Each package's copyright and changelog (resources/debian/), the changelog compressed as Debian
# installs it.
find_program(DETBENCH_GZIP gzip)
if(DETBENCH_GZIP)
  set(_changelog ${CMAKE_BINARY_DIR}/debian/changelog.gz)
  add_custom_command(
    OUTPUT ${_changelog}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/debian
    COMMAND ${DETBENCH_GZIP} -9n -c ${PROJECT_SOURCE_DIR}/resources/debian/changelog > ${_changelog}
    DEPENDS ${PROJECT_SOURCE_DIR}/resources/debian/changelog
    COMMENT "The packages' changelog")
  add_custom_target(detbench_changelog ALL DEPENDS ${_changelog})
  foreach(package detbench:main:detbench detbench-torch:torch:detbench_torch
                  detbench-cuda:cuda:detbench_cuda)
    string(REPLACE ":" ";" parts ${package})
    list(GET parts 0 name)
    list(GET parts 1 component)
    list(GET parts 2 target)
    if(NOT TARGET ${target})
      continue()
    endif()
    install(FILES ${PROJECT_SOURCE_DIR}/resources/debian/copyright ${_changelog}
            DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${name} COMPONENT ${component})
    # What lintian says of the package that is so by design, each with why.
    install(FILES ${PROJECT_SOURCE_DIR}/resources/debian/lintian/${name}
            DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides COMPONENT ${component})
  endforeach()
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME detbench)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "determinism workbench: how much an op's outputs vary, run to run, and why")
# Descriptions in lines of under 80 characters; the first line of a device package's is its
# summary, the main package's summary is the project's.
set(CPACK_COMPONENT_MAIN_DESCRIPTION
    "detbench runs an operation many times on bit-identical inputs, on its own CPU
and CUDA kernels and on PyTorch's, and shows how much the outputs vary and
what determinism costs. It traces a training script to the first op whose
runs differ and names the setting that fixes it. It has a Qt workbench
(detbench-gui) and a command line (detbench).")
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
# --host runs ssh, --slurm Slurm's srun, sbatch, squeue and scancel.
set(CPACK_DEBIAN_MAIN_PACKAGE_SUGGESTS
    "detbench-torch, python3-torch, openssh-client, slurm-client")
set(CPACK_DEBIAN_TORCH_PACKAGE_NAME detbench-torch)
set(CPACK_DEBIAN_TORCH_PACKAGE_DEPENDS "detbench (= ${PROJECT_VERSION})")
set(CPACK_COMPONENT_TORCH_DESCRIPTION
    "detbench's torch devices: PyTorch's own kernels through libtorch
The torch-cpu and torch-cuda devices of detbench run PyTorch's own kernels
through libtorch, beside detbench's, on the same inputs.")
set(CPACK_DEBIAN_CUDA_PACKAGE_NAME detbench-cuda)
set(CPACK_DEBIAN_CUDA_PACKAGE_DEPENDS "detbench (= ${PROJECT_VERSION})")
set(CPACK_COMPONENT_CUDA_DESCRIPTION
    "detbench's cuda device: its own CUDA kernels, cuBLAS and cuDNN
The cuda device of detbench runs its own CUDA kernels, cuBLAS and cuDNN. The
CUDA toolkit's libraries and an NVIDIA driver are the machine's to provide.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
include(CPack)
