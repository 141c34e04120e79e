// The owner of the test programs' shared precompiled header (tests/CMakeLists.txt): it is
// compiled with that header and holds nothing else.
