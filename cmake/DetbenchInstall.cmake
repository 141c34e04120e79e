# Where `cmake --install` puts detbench, as the Filesystem Hierarchy Standard and Debian have it:
# the programs in bin/, the modules the programs load at run time (the CUDA and torch devices,
# the trace probe's digest) in lib/detbench/, where BackendModule.cpp and ProbeFiles.cpp look
# for them beside an installed program, and the desktop entry, icon and AppStream metainfo in
# share/. The probe, the lessons, the guide and the translations are compiled into the programs.

set(DETBENCH_INSTALL_MODULEDIR lib/detbench)

if(TARGET detbench)
  install(TARGETS detbench RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
if(TARGET detbench-gui)
  install(TARGETS detbench-gui RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(FILES ${PROJECT_SOURCE_DIR}/resources/detbench.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/detbench.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
  install(FILES ${PROJECT_SOURCE_DIR}/resources/detbench-mime.xml
          DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages RENAME detbench.xml)
  # The AppStream metainfo (cmake/DetbenchMetainfo.cmake writes it). Its screenshots are web
  # addresses: where docs/screenshots/ is published, DETBENCH_SCREENSHOT_URL says so.
  set(DETBENCH_SCREENSHOT_URL "" CACHE STRING
      "Public web address of docs/screenshots/, for the AppStream metainfo's screenshots")
  set(_metainfo ${PROJECT_BINARY_DIR}/resources/invalid.detbench.detbench.metainfo.xml)
  add_custom_command(
    OUTPUT ${_metainfo}
    COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -DOUTPUT=${_metainfo}
            -DVERSION=${PROJECT_VERSION} -DSCREENSHOT_URL=${DETBENCH_SCREENSHOT_URL}
            -P ${PROJECT_SOURCE_DIR}/cmake/DetbenchMetainfo.cmake
    DEPENDS ${PROJECT_SOURCE_DIR}/cmake/DetbenchMetainfo.cmake
            ${PROJECT_SOURCE_DIR}/resources/detbench.metainfo.xml.in
            ${PROJECT_SOURCE_DIR}/resources/debian/changelog
    COMMENT "The AppStream metainfo")
  add_custom_target(detbench_metainfo ALL DEPENDS ${_metainfo})
  install(FILES ${_metainfo} DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
endif()
# The device modules are components of their own (packages of their own: they bring CUDA's
# and libtorch's dependencies, which the rest does not need).
foreach(module detbench_cuda:cuda detbench_torch:torch detbench_probe_digest:main
               detbench_probe_digest_module:main)
  string(REPLACE ":" ";" parts ${module})
  list(GET parts 0 target)
  list(GET parts 1 component)
  if(TARGET ${target})
    # A library outside the system's folders (a pip PyTorch's libtorch) stays found from the
    # installed module as from the built one.
    set_target_properties(${target} PROPERTIES INSTALL_RPATH_USE_LINK_PATH ON)
    install(TARGETS ${target} LIBRARY DESTINATION ${DETBENCH_INSTALL_MODULEDIR}
            COMPONENT ${component})
  endif()
endforeach()
