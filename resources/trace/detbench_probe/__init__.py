"""detbench's probe: records every ATen op a Python script runs, for `detbench trace`.

The probe is started by detbench (detbench_trace_boot.py), never imported by the script
itself. It applies the settings detbench was asked for, enters a TorchDispatchMode (PyTorch
1.13 and later) and runs the script; per op it sends one JSON line to detbench (the record
format is in docs/TRACE-PROTOCOL.md). It has no dependency beyond torch (NumPy
is used, when present, only to digest CPU tensors faster) and installs nothing.
"""

PROTOCOL_VERSION = 2
