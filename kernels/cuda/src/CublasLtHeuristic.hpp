#pragma once
// What cuBLASLt's heuristic picks for one float32 GEMM shape: its algorithm id, tile, split-K
// count and reduction scheme, for the report's algorithm line. cublasSgemm does not say which
// kernel it ran; the Lt heuristic for the same shape, workspace and math is the closest answer
// a program can read, and it shows the choice changing with the batch (split-K at small m).
// Never fails the op: a query that cannot be made says so in the text.

#include <cstddef>
#include <cstdint>
#include <string>

namespace detbench::cuda {

// Row-major C[m x n] = A[m x k] B[k x n] (as matmul computes it), with TF32 allowed or not and
// at most `workspaceBytes` of workspace.
std::string cublasLtHeuristicText(std::int64_t m, std::int64_t n, std::int64_t k, bool tf32,
                                  std::size_t workspaceBytes);

}  // namespace detbench::cuda
