#pragma once

namespace detbench::cli {

enum ExitCode : int {
  kExitOk = 0,
  kExitNotReproducible = 1,   // --expect-reproducible and more than one distinct output
  kExitUsage = 2,             // bad usage or bad input
  kExitNondeterministic = 3,  // the op raised because deterministic mode is error
  kExitDeviceFault = 4,       // the device failed during the trials (out of memory, a CUDA
                              // error, a lost device); the report records it
  kExitCancelled = 130,       // Ctrl-C (or SIGTERM) stopped it; the report of the trials done
                              // was written, marked cancelled
};

}  // namespace detbench::cli
