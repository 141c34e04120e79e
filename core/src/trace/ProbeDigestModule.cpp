// The probe's compiled digest as a Python extension module, `_detbench_digest`: the probe calls
// it for every CPU tensor an op reads or writes, and a ctypes call (its argument conversions,
// libffi) cost more than the digest of a small tensor. Built against CPython's stable ABI
// (3.10 and later), so one file serves every interpreter a user's script may run under; where it
// does not load (another ABI, a free-threaded interpreter) the probe calls the same entry point
// through ctypes.
//
// digest(pointer, element_size, count) -> int: the digest of `count` elements of
// `element_size` bytes at `pointer` (None for no elements), as detbench_probe_digest computes it.
// The interpreter's lock is released for a large tensor (the digest may take milliseconds on
// several threads), kept for a small one (releasing it would cost more than the digest).

#define PY_SSIZE_T_CLEAN
#define Py_LIMITED_API 0x030A0000
#include <Python.h>

#include <cstdint>

#include "ProbeDigestEntry.hpp"

namespace {

constexpr unsigned long long kReleaseLockBytes = 1ULL << 16;

PyObject* digest(PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs != 3) {
    PyErr_SetString(PyExc_TypeError, "digest(pointer, element_size, count) takes 3 arguments");
    return nullptr;
  }
  const void* data = nullptr;
  if (args[0] != Py_None) {
    data = PyLong_AsVoidPtr(args[0]);
    if (data == nullptr && PyErr_Occurred() != nullptr) return nullptr;
  }
  const unsigned long long size = PyLong_AsUnsignedLongLong(args[1]);
  if (size == static_cast<unsigned long long>(-1) && PyErr_Occurred() != nullptr) return nullptr;
  const unsigned long long count = PyLong_AsUnsignedLongLong(args[2]);
  if (count == static_cast<unsigned long long>(-1) && PyErr_Occurred() != nullptr) return nullptr;
  if (data == nullptr && count != 0) {
    PyErr_SetString(PyExc_ValueError, "digest: no memory for a tensor with elements");
    return nullptr;
  }
  std::uint64_t d = 0;
  if (size * count >= kReleaseLockBytes) {
    PyThreadState* state = PyEval_SaveThread();
    d = detbench_probe_digest(data, size, count);
    PyEval_RestoreThread(state);
  } else {
    d = detbench_probe_digest(data, size, count);
  }
  return PyLong_FromUnsignedLongLong(d);
}

// Through void(*)(void): METH_FASTCALL's signature differs from PyCFunction's.
PyMethodDef methods[] = {
    {"digest", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&digest)), METH_FASTCALL,
     "digest(pointer, element_size, count): the probe's digest of a tensor's memory"},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef module = {PyModuleDef_HEAD_INIT,
                      "_detbench_digest",
                      "detbench's digest, for the trace's probe",
                      0,
                      methods,
                      nullptr,
                      nullptr,
                      nullptr,
                      nullptr};

}  // namespace

extern "C" __attribute__((visibility("default"))) PyObject* PyInit__detbench_digest() {
  return PyModuleDef_Init(&module);
}
