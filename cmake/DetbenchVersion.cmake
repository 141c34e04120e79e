# The git revision is baked into reports so a result can be traced to its source. It is read at
# build time, not configure time: a target that runs on every build rewrites
# generated/GitRevision.cpp only when the revision changed (so nothing recompiles otherwise),
# and a report never names a commit older than the code that wrote it. "+changes" marks a
# tree with uncommitted changes to tracked files.
set(DETBENCH_GIT_REVISION_SOURCE ${CMAKE_BINARY_DIR}/core/generated/GitRevision.cpp)
find_package(Git QUIET)

# Makes the detbench_git_revision target; `target` (the core library) compiles the file.
function(detbench_git_revision target)
  add_custom_target(detbench_git_revision
    COMMAND ${CMAKE_COMMAND} -DGIT=${GIT_EXECUTABLE} -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
            -DOUTPUT=${DETBENCH_GIT_REVISION_SOURCE}
            -P ${PROJECT_SOURCE_DIR}/cmake/WriteGitRevision.cmake
    BYPRODUCTS ${DETBENCH_GIT_REVISION_SOURCE}
    COMMENT "" VERBATIM)
  add_dependencies(${target} detbench_git_revision)
  target_sources(${target} PRIVATE ${DETBENCH_GIT_REVISION_SOURCE})
endfunction()
